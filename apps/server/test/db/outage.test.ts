import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, type PathName } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { cutDatabase } from '../helpers/outage.js';

/**
 * A database outage under a running app (docs/hardening.md): every route family answers 503
 * DATABASE_UNAVAILABLE with Retry-After, never 500; PostgreSQL coming back is served again
 * without a restart. Over real HTTP (port 0): the live stream is an endless answer.
 */
interface Call {
  family: string;
  name: PathName;
  method: 'GET' | 'POST';
  auth: 'admin' | 'device' | 'none';
  body?: object;
}

const CALLS: Call[] = [
  {
    family: 'auth',
    name: 'login',
    method: 'POST',
    auth: 'none',
    body: { username: 'admin', password: 'admin-password' },
  },
  { family: 'console API', name: 'deviceGetAll', method: 'GET', auth: 'admin' },
  { family: 'console API', name: 'employee', method: 'GET', auth: 'admin' },
  { family: 'console API', name: 'sosStats', method: 'GET', auth: 'admin' },
  { family: 'console API', name: 'sosHistory', method: 'GET', auth: 'admin' },
  { family: 'console API', name: 'confAlarm', method: 'GET', auth: 'admin' },
  {
    family: 'device API',
    name: 'deviceRegister',
    method: 'POST',
    auth: 'device',
    body: { serial: 'outage-1', displayName: 'Outage' },
  },
  {
    family: 'device API',
    name: 'deviceSos',
    method: 'POST',
    auth: 'device',
    body: { serial: 'outage-1' },
  },
  {
    family: 'device API',
    name: 'deviceHeartbeat',
    method: 'POST',
    auth: 'device',
    body: { serial: 'outage-1' },
  },
  { family: 'live', name: 'sosRealTime', method: 'GET', auth: 'admin' },
  { family: 'history CSV', name: 'sosHistoryCsv', method: 'GET', auth: 'admin' },
];

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | undefined;
}

/** One call; the live stream and the CSV are read only as far as their status and head. */
async function send(base: string, ctx: TestContext, call: Call): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (call.auth === 'admin') headers.authorization = `Bearer ${ctx.admin.token}`;
  if (call.auth === 'device') headers[API_KEY_HEADER] = ctx.apiKey;
  if (call.body) headers['content-type'] = 'application/json';
  const abort = new AbortController();
  const res = await fetch(base + apiPath(call.name), {
    method: call.method,
    headers,
    signal: abort.signal,
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  const json = res.headers.get('content-type')?.startsWith('application/json');
  const code = json ? ((await res.json()) as { code?: string }).code : undefined;
  abort.abort();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code };
}

const sendAll = (base: string, ctx: TestContext) =>
  Promise.all(CALLS.map((call) => send(base, ctx, call)));

describeEachDb('a database outage under a running app', (kind) => {
  let ctx: TestContext;
  let base: string;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // Before: every call is answered (the device registered first, then its SOS open).
    expect(
      (
        await send(
          base,
          ctx,
          CALLS.find((c) => c.name === 'deviceRegister')!,
        )
      ).status,
    ).toBe(201);
    for (const answer of await sendAll(base, ctx)) expect(answer.status).toBeLessThan(300);
  });
  afterAll(async () => {
    if (admin) {
      const name = new URL(ctx.databaseUrl!).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await ctx.close();
  });

  it('answers every route family 503 DATABASE_UNAVAILABLE with Retry-After: 1, never 500, and recovers without a restart', async () => {
    admin = await cutDatabase(kind, ctx);
    const during: Answer[] = [];
    // Several rounds: the first meets the terminated connections, the later ones new connects.
    for (let round = 0; round < 3; round++) during.push(...(await sendAll(base, ctx)));
    const summary = during.map((a, i) => `${CALLS[i % CALLS.length]!.name} ${a.status} ${a.code}`);
    expect(summary).toEqual(
      during.map((_, i) => `${CALLS[i % CALLS.length]!.name} 503 DATABASE_UNAVAILABLE`),
    );
    expect(during.every((a) => a.retryAfter === '1')).toBe(true);

    if (kind === 'embedded') return; // a closed PGlite handle does not come back; the process restarts
    const name = new URL(ctx.databaseUrl!).pathname.slice(1);
    const restored = Date.now();
    await admin!.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    let after = await sendAll(base, ctx);
    let rounds = 1;
    while (after.some((a) => a.status >= 300) && rounds < 50) {
      await new Promise((r) => setTimeout(r, 100));
      after = await sendAll(base, ctx);
      rounds++;
    }
    const statuses = Object.fromEntries(CALLS.map((c, i) => [c.name, after[i]!.status]));
    console.info(
      `outage [${kind}]: ${during.length} calls during, statuses ${[...new Set(during.map((a) => a.status))].join(',')}; ` +
        `every family 2xx again ${Date.now() - restored} ms after the database came back (${rounds} round(s))`,
    );
    expect(Object.values(statuses).every((s) => s < 300)).toBe(true);
  });
});
