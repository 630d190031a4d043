import { afterAll, beforeAll } from 'vitest';
import { apiPath, pushPayloadSchema, type PushPayload } from '@sos/contract';
import { createTestApp, type DbKind, type TestContext } from '../helpers/app.js';
import {
  startPushService,
  type PushService,
  type ReceivedPush,
  type Subscriber,
} from './push-service.js';

/**
 * A test app that takes http: push endpoints and a local push service, for the file's tests
 * (filled in beforeAll, both closed afterAll).
 */
export function usePushApp(kind: DbKind): { ctx: TestContext; service: PushService } {
  const env = {} as { ctx: TestContext; service: PushService };
  beforeAll(async () => {
    env.ctx = await createTestApp(kind, { SOS_PUSH_ALLOW_HTTP: true });
    env.service = await startPushService();
  });
  afterAll(async () => {
    await env.ctx?.close();
    await env.service?.close();
  });
  return env;
}

/** Subscribes a new browser of the local push service for a user; answers the subscriber. */
export async function subscribe(
  ctx: TestContext,
  service: PushService,
  token: string,
): Promise<Subscriber> {
  const subscriber = service.subscriber();
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPath('pushSubscriptions'),
    headers: ctx.bearer(token),
    payload: { endpoint: subscriber.endpoint, keys: subscriber.keys },
  });
  if (res.statusCode !== 201) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return subscriber;
}

/** The pushes a subscriber received about one SOS (or one device, for DEVICE_OFFLINE). */
export function pushesTo(
  service: PushService,
  subscriber: Subscriber,
  match: (payload: PushPayload) => boolean,
): ReceivedPush[] {
  return service.received.filter((push) => {
    if (push.subscriber !== subscriber.index) return false;
    const parsed = pushPayloadSchema.safeParse(push.payload);
    return parsed.success && match(parsed.data);
  });
}

/** Lets every process finish what it has, then one more poll: a duplicate would show by then. */
export async function quiet(...apps: TestContext['app'][]) {
  for (const app of apps) await app.push.settled();
  await new Promise((r) => setTimeout(r, 1500));
  for (const app of apps) await app.push.settled();
}
