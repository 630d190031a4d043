import { apiPath, pushPayloadSchema, type PushPayload } from '@sos/contract';
import type { TestContext } from '../helpers/app.js';
import type { PushService, ReceivedPush, Subscriber } from './push-service.js';

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
