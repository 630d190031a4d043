import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALARM_KINDS, CALL_RESULTS, CALL_TARGETS, SOS_OUTCOMES } from '@sos/contract';
import { sosStats } from '../../src/sos/stats-repository.js';
import { resolveStatsRange } from '../../src/sos/range.js';
import { createTestApp, describeEachDb, TEST_ENV, type TestContext } from '../helpers/app.js';
import { seedDevice } from '../routes/sos/reporting-fixtures.js';
import { straightforwardStats } from './stats-oracle.js';

/** A small seeded PRNG (mulberry32): the same "random" data on every run and database. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SOS_COUNT = 700;
// Around the end of summer time in Europe/Rome (25 October 2026): a 25-hour day in the range.
const START = Date.parse('2026-10-10T00:00:00Z');
const SPAN_MS = 30 * 86_400_000;
// Case and accents apart, so that the operators' order is the database's collation's.
const OPERATORS = ['maria', 'Maria', 'luca', 'élise', 'zoe', 'admin'];
// SOS raised on a range's or a day's edge and a microsecond before it (the ranges below; local
// midnights in Europe/Rome: 20 October, and the 25-hour 25 October from its start to its end).
const EDGES = [
  '2026-10-12T07:13:00.123456Z',
  '2026-10-12T07:13:00.123455Z',
  '2026-10-30T18:00:00.000000Z',
  '2026-10-30T17:59:59.999999Z',
  '2026-10-19T22:00:00.000000Z',
  '2026-10-19T21:59:59.999999Z',
  '2026-10-24T22:00:00.000000Z',
  '2026-10-25T22:59:59.999999Z',
  '2026-10-25T23:00:00.000000Z',
];

/**
 * Random SOS as any mix of writers could leave them: open, acknowledged or not, closed with or
 * without an acknowledgement or a closer, times to the microsecond, a few acknowledged a day or
 * more later (or, clocks apart, before the raise), ties, every outcome and kind, 0–4 calls.
 */
function randomRows(random: () => number, deviceIds: number[]) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const micros = (ms: number) =>
    `${new Date(Math.floor(ms)).toISOString().slice(0, 19)}.${String(Math.floor(random() * 1e6)).padStart(6, '0')}Z`;
  const delayMs = () => {
    const r = random();
    if (r < 0.05) return 86_400_000 * (1 + random() * 3); // a day or more
    if (r < 0.07) return 86_400_000; // a day exactly (the fast path's edge)
    if (r < 0.09) return -random() * 90_000; // before the raise
    if (r < 0.2) return random() < 0.5 ? 60_000 : 120_000; // ties, one on a target
    return random() * 900_000;
  };
  return Array.from({ length: SOS_COUNT }, (_, i) => {
    const edge = EDGES[i];
    const raised = edge === undefined ? START + random() * SPAN_MS : Date.parse(edge);
    const acked = random() < 0.7 ? raised + delayMs() : null;
    const closed = random() < 0.8 ? Math.max(raised, acked ?? raised) + Math.abs(delayMs()) : null;
    const exact = random() < 0.1; // whole seconds, so two SOS share an ack time
    const at = (ms: number | null) =>
      ms === null
        ? null
        : exact
          ? new Date(Math.floor(ms / 1000) * 1000).toISOString()
          : micros(ms);
    return {
      device_id: pick(deviceIds),
      state: closed === null ? 'OPEN' : 'CLOSED',
      created_at:
        edge ?? (exact ? new Date(Math.floor(raised / 1000) * 1000).toISOString() : micros(raised)),
      acknowledged_at: at(acked),
      acknowledged_by_username: acked === null ? null : random() < 0.95 ? pick(OPERATORS) : null,
      closed_at: at(closed),
      // chiara only closes (acknowledged SOS): an operator with closes and no acknowledgement.
      closed_by_username:
        closed === null || random() < 0.05
          ? null
          : acked !== null && random() < 0.2
            ? 'chiara'
            : pick(OPERATORS),
      outcome: closed === null || random() < 0.1 ? null : pick(SOS_OUTCOMES),
      kind: pick(ALARM_KINDS),
      calls: Array.from({ length: Math.floor(random() * 5) }, () => ({
        to: pick(CALL_TARGETS),
        result: pick(CALL_RESULTS),
      })),
    };
  });
}

describeEachDb('the statistics equal the straightforward statements on random data', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const random = prng(38);
    const deviceIds = [await seedDevice(ctx, 'Oracle A'), await seedDevice(ctx, 'Oracle B')];
    const rows = randomRows(random, deviceIds);
    // Open SOS of the same device would break "one open SOS per device": each gets its own.
    for (const row of rows.filter((r) => r.state === 'OPEN'))
      row.device_id = await seedDevice(ctx, 'Oracle open');
    await ctx.database.db.execute(sql`
      WITH input AS (
        SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(device_id int, state text, created_at timestamptz,
          acknowledged_at timestamptz, acknowledged_by_username text, closed_at timestamptz, closed_by_username text,
          outcome text, kind text, calls json)
      ),
      inserted AS (
        INSERT INTO sos (device_id, state, created_at, updated_at, acknowledged_at, acknowledged_by_username,
          closed_at, closed_by_username, outcome, kind)
        SELECT device_id, state, created_at, created_at, acknowledged_at, acknowledged_by_username, closed_at,
          closed_by_username, outcome, kind FROM input
        RETURNING id, created_at
      )
      INSERT INTO sos_timeline (sos_id, at, type, by_username, call_to, call_result, text)
      SELECT inserted.id, inserted.created_at, CASE WHEN c.n % 7 = 6 THEN 'NOTE' ELSE 'CALL' END, 'maria',
        CASE WHEN c.n % 7 = 6 THEN NULL ELSE c.value->>'to' END, CASE WHEN c.n % 7 = 6 THEN NULL ELSE c.value->>'result' END,
        CASE WHEN c.n % 7 = 6 THEN 'non è una chiamata' END
      FROM input JOIN inserted USING (created_at), json_array_elements(input.calls) WITH ORDINALITY AS c(value, n)`);
    // An ACKNOWLEDGED step on every third SOS, some closed unacknowledged since (a re-alert
    // undid it): closedWithoutAck does not count those.
    await ctx.database.db.execute(sql`
      INSERT INTO sos_timeline (sos_id, at, type, by_username)
      SELECT id, created_at, 'ACKNOWLEDGED', 'maria' FROM sos WHERE id % 3 = 0`);
  });
  afterAll(async () => ctx.close());

  const ranges: Array<{ from?: string; to?: string }> = [
    { from: '2026-10-01', to: '2026-11-15' }, // everything
    { from: '2026-10-25', to: '2026-10-25' }, // the 25-hour day
    { from: '2026-10-12T07:13:00.123456Z', to: '2026-10-30T18:00:00Z' }, // instants
    { from: '2026-10-20', to: '2026-10-20' }, // one day
    { from: '2025-01-01', to: '2025-01-03' }, // nothing raised
  ];

  it.each(ranges)('over $from … $to, for three targets, every figure as before', async (query) => {
    const db = ctx.database.db;
    const range = await resolveStatsRange(db, query, TEST_ENV.TZ);
    for (const target of [30, 120, 600]) {
      const fast = await sosStats(db, range, TEST_ENV.TZ, target);
      expect(fast).toEqual(await straightforwardStats(db, range, TEST_ENV.TZ, target));
    }
  });

  // Days that start on the half hour (+05:30, -02:30), at :45 (+13:45), in UTC, or in Havana,
  // whose clocks go back at 01:00 on 1 November: found as the straightforward statement finds them.
  it.each(['Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'America/Havana', 'UTC'])(
    'in %s, every figure as before',
    async (tz) => {
      const db = ctx.database.db;
      for (const query of [ranges[0]!, ranges[2]!]) {
        const range = await resolveStatsRange(db, query, tz);
        expect(await sosStats(db, range, tz, 120)).toEqual(
          await straightforwardStats(db, range, tz, 120),
        );
      }
    },
  );

  it('the data has what the comparison needs: ties, long and negative acks, unacknowledged closes, calls', async () => {
    const range = await resolveStatsRange(
      ctx.database.db,
      { from: '2026-10-01', to: '2026-11-15' },
      TEST_ENV.TZ,
    );
    const stats = await sosStats(ctx.database.db, range, TEST_ENV.TZ, 120);
    expect(stats.total).toBe(SOS_COUNT);
    expect(stats.byOperator.map((o) => o.username)).toEqual(
      expect.arrayContaining([...OPERATORS, 'chiara']),
    );
    expect(stats.callsPerSos).toBeGreaterThan(1);
    expect(stats.contactReachedPct).not.toBeNull();
    expect(stats.closedWithoutAck).toBeGreaterThan(0);
  });
});
