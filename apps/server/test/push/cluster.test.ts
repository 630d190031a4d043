import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, pushPayloadSchema, sosSchema } from '@sos/contract';
import type { Database } from '../../src/db/client.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { DB_KINDS, openTestDatabase, TEST_ENV } from '../helpers/app.js';
import { spawnServer, waitForUrl, type ServerProcess } from '../helpers/process.js';
import { startPushService, type PushService } from './push-service.js';

// Several server processes share one PostgreSQL; the embedded database has one process.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;
const API_KEY = 'push-cluster-key';
const ADMIN_PASSWORD = 'push-cluster-password';

run('push across server processes [postgres]', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  let service: PushService;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    ({ database, drop } = opened);
    url = opened.url!;
    await setSetting(database.db, SETTING_KEYS.apiKey, API_KEY);
    service = await startPushService();
  }, 30_000);
  afterAll(async () => {
    for (const { child, exited } of servers) {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
    await service?.close();
    await database?.close();
    await drop?.();
  }, 30_000);

  const start = async () => {
    const server = spawnServer({
      DATABASE_URL: url,
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET!,
      SOS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SOS_PUSH_ALLOW_HTTP: 'true',
    });
    servers.push(server);
    return waitForUrl(server);
  };
  const post = async (
    base: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
  };

  it('two processes send exactly one push per subscription per event, with the one VAPID key both keep', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const login = await post(a!, apiPath('login'), { username: 'admin', password: ADMIN_PASSWORD });
    const auth = {
      authorization: `Bearer ${(login.json as { access_token: string }).access_token}`,
    };
    const keyOf = async (base: string) =>
      (
        (await (await fetch(base + apiPath('pushKey'), { headers: auth })).json()) as {
          publicKey: string;
        }
      ).publicKey;
    const [keyA, keyB] = await Promise.all([keyOf(a!), keyOf(b!)]);
    expect(keyA).toBe(keyB);
    const subscribers = [service.subscriber(), service.subscriber(), service.subscriber()];
    for (const [i, s] of subscribers.entries()) {
      const res = await post(
        i % 2 ? b! : a!,
        apiPath('pushSubscriptions'),
        { endpoint: s.endpoint, keys: s.keys },
        auth,
      );
      expect(res.status).toBe(201);
    }
    const device = { [API_KEY_HEADER]: API_KEY };
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 ? b! : a!;
      await post(
        base,
        apiPath('deviceRegister'),
        { serial: `pc-${i}`, displayName: `Casa ${i}` },
        device,
      );
      ids.push(
        sosSchema.parse(
          (await post(base, apiPath('deviceSos'), { serial: `pc-${i}` }, device)).json,
        ).id,
      );
    }
    const expected = subscribers.length * ids.length;
    await service.waitFor(() => service.received.length >= expected, `${expected} pushes`, 20_000);
    // Both processes poll every second: a duplicate would have come by now.
    await new Promise((r) => setTimeout(r, 3000));
    expect(service.received.filter((p) => p.error)).toEqual([]);
    const counts = new Map<string, number>();
    for (const push of service.received) {
      const payload = pushPayloadSchema.parse(push.payload);
      expect(push.vapidKey).toBe(keyA);
      const key = `${push.subscriber}:${payload.sosId}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const want = new Map(
      subscribers.flatMap((s) => ids.map((id) => [`${s.index}:${id}`, 1] as const)),
    );
    expect(counts).toEqual(want);
  }, 90_000);
});
