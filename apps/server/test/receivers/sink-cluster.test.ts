import { createServer } from 'node:net';
import { asc, eq, gt, like, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openPostgres, type Db } from '../../src/db/client.js';
import { devices, events, schema, sos } from '../../src/db/schema.js';
import { SinkUnavailableError } from '../../src/receivers/signal.js';
import { createSignalSink } from '../../src/receivers/sink.js';
import { createTestApp, DB_KINDS, TEST_ENV, type TestContext } from '../helpers/app.js';
import { alarm, message } from './fixtures.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('the signal sink, two app instances on one PostgreSQL', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    second = await buildApp({ env: TEST_ENV, database: await openPostgres(ctx.databaseUrl!, 5) });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('the same message received by both has one effect; both may acknowledge it', async () => {
    const accounts = Array.from({ length: 12 }, (_, i) => `C${String(i).padStart(3, '0')}`);
    for (const round of [1, 2]) {
      const results = await Promise.all(
        accounts.map(async (account) => {
          // Round 1 raises; round 2 is a second alarm (a DEVICE_EVENT), again sent to both.
          const m = message(
            account,
            [alarm(round === 1 ? 'PANIC' : 'FIRE', round === 1 ? '1120' : '1110')],
            `r${round}`,
          );
          return (
            await Promise.all([ctx.app.signalSink.accept(m), second.signalSink.accept({ ...m })])
          ).sort();
        }),
      );
      expect(results).toEqual(accounts.map(() => ['committed', 'repeat']));
    }
    const db = ctx.database.db;
    const rows = await db
      .select({ serial: devices.serial, kind: sos.kind })
      .from(sos)
      .innerJoin(devices, eq(devices.id, sos.deviceId))
      .where(like(devices.serial, 'DC09-0-C%'))
      .orderBy(asc(devices.serial));
    expect(rows).toEqual(accounts.map((a) => ({ serial: `DC09-0-${a}`, kind: 'FIRE' })));
    const written = await db.select({ type: events.type }).from(events);
    const count = (type: string) => written.filter((e) => e.type === type).length;
    expect([
      count('device-registered'),
      count('new-sos'),
      count('sos-updated'),
      count('sos-realerted'),
    ]).toEqual([12, 12, 12, 12]);
  });

  it('a known device’s alarm received by both (the batched raise): one SOS, one new-sos', async () => {
    const accounts = Array.from({ length: 12 }, (_, i) => `K${String(i).padStart(3, '0')}`);
    for (const account of accounts)
      await ctx.app.signalSink.accept(message(account, [{ type: 'CONTACT', code: null }]));
    const db = ctx.database.db;
    const [{ last } = { last: 0 }] = await db
      .select({ last: sql<number>`coalesce(max(${events.id}), 0)` })
      .from(events);
    const results = await Promise.all(
      accounts.map(async (account) => {
        const m = message(account, [alarm('FALL', '1101')], 'k-1');
        return (
          await Promise.all([ctx.app.signalSink.accept(m), second.signalSink.accept({ ...m })])
        ).sort();
      }),
    );
    expect(results).toEqual(accounts.map(() => ['committed', 'repeat']));
    const raised = await db
      .select({ serial: devices.serial })
      .from(sos)
      .innerJoin(devices, eq(devices.id, sos.deviceId))
      .where(like(devices.serial, 'DC09-0-K%'));
    expect(raised).toHaveLength(12);
    const written = await db
      .select({ type: events.type })
      .from(events)
      .where(gt(events.id, Number(last)));
    expect(written.map((e) => e.type)).toEqual(accounts.map(() => 'new-sos'));
  });
});

describe('the signal sink without its database', () => {
  it('rejects with SinkUnavailableError, so the receiver stays silent', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 2000,
    });
    const sink = createSignalSink(drizzle(pool, { schema }) as unknown as Db);
    try {
      await expect(sink.accept(message('DEAD', [alarm('FIRE', '1110')]))).rejects.toBeInstanceOf(
        SinkUnavailableError,
      );
    } finally {
      await pool.end();
    }
  });
});
