import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, sosSchema } from '@sos/contract';
import { sosStats } from '../../src/sos/stats-repository.js';
import { resolveStatsRange } from '../../src/sos/range.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestApp, describeEachDb, TEST_ENV, type TestContext } from '../helpers/app.js';
import { deleteDevice, deviceHeaders, register, raiseSos } from '../routes/device/fixtures.js';
import { ackSos, closeWith, logCall, putProfile } from '../routes/sos/handling-fixtures.js';
import { straightforwardStats } from './stats-oracle.js';

/**
 * The reports' summary (drizzle/0014_sos_stats.sql) stays what the SOS and their timelines say
 * through every write the product makes: raise, acknowledge, calls, close, re-alert, a deleted
 * device, and rows changed or removed by hand. `drift` recounts it from scratch, independently
 * of the triggers, and the statistics stay equal to the straightforward statements.
 */
// Many requests and two statistics per step: the embedded database on a busy machine needs time.
const SLOW = 120_000;

describeEachDb('the reports summary kept current', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const drift = async () =>
    rowsOf<{ n: number | string }>(
      await ctx.database.db.execute(sql`
        WITH expected AS (
          SELECT s.id AS sos_id, s.created_at,
            extract(epoch FROM coalesce(s.acknowledged_at, s.closed_at) - s.created_at)::float8 AS ack_s,
            extract(epoch FROM s.closed_at - s.created_at)::float8 AS close_s,
            CASE WHEN s.acknowledged_at IS NOT NULL THEN s.acknowledged_by_username ELSE s.closed_by_username END AS acker,
            s.closed_by_username, s.outcome, s.kind, s.state = 'CLOSED' AND s.acknowledged_at IS NULL AS closed_unacked,
            (SELECT count(*)::int FROM sos_timeline t WHERE t.sos_id = s.id AND t.type = 'ACKNOWLEDGED') AS ack_steps,
            (SELECT count(*)::int FROM sos_timeline t WHERE t.sos_id = s.id AND t.type = 'CALL') AS calls,
            (SELECT count(*)::int FROM sos_timeline t WHERE t.sos_id = s.id AND t.type = 'CALL' AND t.call_to = 'CONTACT') AS contact_calls,
            (SELECT count(*)::int FROM sos_timeline t WHERE t.sos_id = s.id AND t.type = 'CALL' AND t.call_to = 'CONTACT'
              AND t.call_result = 'ANSWERED') AS contact_answered
          FROM sos s
        ),
        actual AS (
          SELECT sos_id, created_at, ack_s, close_s, acker, closed_by_username, outcome, kind, closed_unacked,
            ack_steps, calls, contact_calls, contact_answered FROM sos_stats
        )
        SELECT count(*) AS n FROM ((SELECT * FROM expected EXCEPT ALL SELECT * FROM actual)
          UNION ALL (SELECT * FROM actual EXCEPT ALL SELECT * FROM expected)) d`),
    ).map((r) => Number(r.n))[0];

  const statsEqual = async (tz = TEST_ENV.TZ, query: { from?: string; to?: string } = {}) => {
    const range = await resolveStatsRange(ctx.database.db, query, tz);
    const fast = await sosStats(ctx.database.db, range, tz, 120);
    expect(fast).toEqual(await straightforwardStats(ctx.database.db, range, tz, 120));
    return fast;
  };
  const raise = async (serial: string, kind?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: deviceHeaders(ctx),
      payload: { serial, ...(kind ? { kind } : {}) },
    });
    expect(res.statusCode).toBeLessThan(300);
    return sosSchema.parse(res.json()).id;
  };
  const ok = async (res: Promise<{ statusCode: number }>) =>
    expect((await res).statusCode).toBeLessThan(300);
  const profile = {
    residentName: 'Ada Riva',
    phone: '+39 011 555 0101',
    contacts: [{ name: 'Marco Riva', phone: '+39 333 123 4567', relation: 'figlio' }],
  };

  it(
    'through raise, acknowledgement, calls, close, re-alert and a deleted device',
    async () => {
      const ids: number[] = [];
      for (const serial of ['sum-a', 'sum-b', 'sum-c']) {
        const device = (await register(ctx, serial)).json<{ id: number }>();
        await ok(putProfile(ctx, device.id, profile));
        ids.push(sosSchema.parse((await raiseSos(ctx, serial)).json()).id);
      }
      const [a, b, c] = ids as [number, number, number];
      expect(await drift()).toBe(0);
      expect((await statsEqual()).total).toBeGreaterThanOrEqual(3);

      await ok(ackSos(ctx, a, ctx.employee.token));
      await ok(logCall(ctx, a, ctx.employee.token, { to: 'RESIDENT', result: 'NO_ANSWER' }));
      await ok(
        logCall(ctx, b, ctx.admin.token, { to: 'CONTACT', contactIndex: 0, result: 'ANSWERED' }),
      );
      await ok(
        logCall(ctx, b, ctx.admin.token, { to: 'CONTACT', contactIndex: 0, result: 'BUSY' }),
      );
      expect(await drift()).toBe(0);
      await statsEqual();

      await ok(closeWith(ctx, a, ctx.employee.token, { outcome: 'FALSE_ALARM' }));
      await ok(closeWith(ctx, c, ctx.admin.token, { outcome: 'TEST' })); // closed unacknowledged
      // b taken in charge, re-alerted (unacknowledged again), then closed: not "without ack".
      await ok(ackSos(ctx, b, ctx.admin.token));
      expect(await raise('sum-b', 'FIRE')).toBe(b);
      await ok(closeWith(ctx, b, ctx.admin.token, { outcome: 'ASSISTANCE_SENT' }));
      expect(await drift()).toBe(0);
      const stats = await statsEqual();
      expect(stats.closedWithoutAck).toBeGreaterThanOrEqual(1);
      expect(stats.byKind.FIRE).toBeGreaterThanOrEqual(1);

      // A new SOS on c's device, then the device deleted: its SOS stay in the reports.
      const d = await raise('sum-c');
      const device = rowsOf<{ device_id: number }>(
        await ctx.database.db.execute(sql`SELECT device_id FROM sos WHERE id = ${d}`),
      )[0]!.device_id;
      await ok(deleteDevice(ctx, device));
      expect(await drift()).toBe(0);
      await statsEqual();
    },
    SLOW,
  );

  it(
    'when timeline rows are changed or removed by hand, and over range edges and time zones',
    async () => {
      const db = ctx.database.db;
      await db.execute(sql`UPDATE sos_timeline SET call_result = 'ANSWERED' WHERE type = 'CALL'`);
      expect(await drift()).toBe(0);
      await db.execute(sql`
      DELETE FROM sos_timeline WHERE id = (SELECT min(id) FROM sos_timeline WHERE type = 'CALL')`);
      expect(await drift()).toBe(0);
      await db.execute(sql`UPDATE sos SET outcome = 'OTHER', kind = 'GAS' WHERE state = 'CLOSED'`);
      expect(await drift()).toBe(0);

      // From is inclusive, to exclusive, to the microsecond: bounds on an SOS's own raise time.
      const [first] = rowsOf<{ at: string }>(
        await db.execute(sql`
        SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM sos`),
      );
      const all = await statsEqual(TEST_ENV.TZ, {});
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect((await statsEqual(TEST_ENV.TZ, { from: first!.at, to: tomorrow })).total).toBe(
        all.total,
      );
      expect((await statsEqual('Asia/Kathmandu', { to: first!.at })).total).toBe(0);
      for (const tz of ['Asia/Kathmandu', 'America/Los_Angeles', 'Pacific/Kiritimati'])
        expect((await statsEqual(tz)).byOperator).toEqual(all.byOperator);
    },
    SLOW,
  );
});
