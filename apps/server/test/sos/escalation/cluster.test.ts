import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, sosSchema } from '@sos/contract';
import type { Database } from '../../../src/db/client.js';
import { devices, events, sos } from '../../../src/db/schema.js';
import { deviceName } from '../../../src/devices/name.js';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { DB_KINDS, openTestDatabase, TEST_ENV } from '../../helpers/app.js';
import { spawnServer, waitForUrl, type ServerProcess } from '../../helpers/process.js';

// Several server processes share one PostgreSQL; the embedded database has one process.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;
const API_KEY = 'cluster-device-key';
const ADMIN_PASSWORD = 'cluster-admin-password';
const TARGET_S = 5;

run('escalation across server processes and restarts [postgres]', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];

  const start = async () => {
    const server = spawnServer({
      DATABASE_URL: url,
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET!,
      SOS_ADMIN_PASSWORD: ADMIN_PASSWORD,
    });
    servers.push(server);
    return waitForUrl(server);
  };
  const stopAll = async () => {
    for (const { child, exited } of servers.splice(0)) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  const post = async (
    base: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };
  const raise = async (base: string, serial: string) => {
    await post(
      base,
      apiPath('deviceRegister'),
      { serial, displayName: serial },
      { [API_KEY_HEADER]: API_KEY },
    );
    return sosSchema.parse(
      (await post(base, apiPath('deviceSos'), { serial }, { [API_KEY_HEADER]: API_KEY })).json,
    ).id;
  };
  /** sos id → number of sos-escalated events written for it. */
  const escalationCounts = async () => {
    const rows = await database.db
      .select()
      .from(events)
      .where(eq(events.type, 'sos-escalated'))
      .orderBy(asc(events.id));
    const counts = new Map<number, number>();
    for (const row of rows) {
      const id = sosSchema.parse(JSON.parse(row.data)).id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };
  const lateness = async (id: number) => {
    const [row] = await database.db.select().from(sos).where(eq(sos.id, id));
    return row!.escalatedAt
      ? row!.escalatedAt.getTime() - row!.createdAt.getTime() - TARGET_S * 1000
      : null;
  };

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    ({ database, drop } = opened);
    url = opened.url!;
    await setSetting(database.db, SETTING_KEYS.apiKey, API_KEY);
    await setSetting(database.db, SETTING_KEYS.ackTargetSeconds, String(TARGET_S));
  }, 30_000);
  afterAll(async () => {
    for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    await drop?.();
  });

  it('two processes escalate each unacknowledged SOS exactly once, at most 2 s late, and never an acknowledged one', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const ids = [
      await raise(a!, 'c-1'),
      await raise(b!, 'c-2'),
      await raise(a!, 'c-3'),
      await raise(b!, 'c-4'),
    ];
    const login = await post(
      b!,
      apiPath('login'),
      { username: 'admin', password: ADMIN_PASSWORD },
      {},
    );
    const token = (login.json as { access_token: string }).access_token;
    const acked = await fetch(`${a!}${apiPath('sosAck')}?sosId=${ids[3]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(acked.status).toBe(200);
    await new Promise((r) => setTimeout(r, (TARGET_S + 3) * 1000));
    const counts = await escalationCounts();
    expect(ids.map((id) => counts.get(id) ?? 0)).toEqual([1, 1, 1, 0]);
    for (const id of ids.slice(0, 3)) {
      const late = await lateness(id);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThanOrEqual(2000);
    }
    expect(await lateness(ids[3]!)).toBeNull();
    await stopAll();
  }, 60_000);

  it('escalates on start a deadline that passed while no process ran, once, and nothing twice', async () => {
    const [device] = await database.db
      .insert(devices)
      .values({ serial: 'c-down', ...deviceName('c-down') })
      .returning();
    const [missed] = await database.db
      .insert(sos)
      .values({ deviceId: device!.id, createdAt: sql`now() - interval '30 seconds'` })
      .returning();
    const before = await escalationCounts();
    await Promise.all([start(), start()]);
    await new Promise((r) => setTimeout(r, 2500));
    const after = await escalationCounts();
    expect(after.get(missed!.id)).toBe(1);
    after.delete(missed!.id);
    expect(after).toEqual(before);
    await stopAll();
  }, 60_000);
});
