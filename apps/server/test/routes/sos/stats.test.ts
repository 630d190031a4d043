import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALARM_KINDS, apiPath, sosStatsSchema } from '@sos/contract';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { seedSos } from './reporting-fixtures.js';

/**
 * Europe/Rome moves to summer time on 2026-03-29 (that day is 23 hours long): the days 28, 29
 * and 30 start at 23:00Z, 23:00Z and 22:00Z. Each SOS below says which Rome day it falls on.
 */
const SEED = [
  {
    raised: '2026-03-27T22:59:59Z',
    ackAfterS: 10,
    ackBy: 'maria',
    closeAfterS: 20,
    closedBy: 'maria',
  }, // 27th: out
  {
    raised: '2026-03-27T23:00:00Z',
    ackAfterS: 30,
    ackBy: 'maria',
    closeAfterS: 100,
    closedBy: 'maria',
    outcome: 'FALSE_ALARM',
  }, // 28th 00:00
  {
    raised: '2026-03-28T22:59:59Z',
    ackAfterS: 60,
    ackBy: 'luca',
    closeAfterS: 300,
    closedBy: 'maria',
    outcome: 'ASSISTANCE_SENT',
  }, // 28th 23:59:59
  // Closed without acknowledgement: its close (90 s, by luca) is its acknowledgement.
  {
    raised: '2026-03-28T23:30:00Z',
    closeAfterS: 90,
    closedBy: 'luca',
    outcome: 'FALSE_ALARM',
    kind: 'FALL',
  }, // 29th 00:30
  { raised: '2026-03-29T21:59:59Z', ackAfterS: 200, ackBy: 'maria' }, // 29th 23:59:59 (summer time), still open
  { raised: '2026-03-29T22:00:00Z', kind: 'FIRE' }, // 30th 00:00: open, never acknowledged: a miss
  {
    raised: '2026-03-30T21:59:59Z',
    ackAfterS: 45.5,
    ackBy: 'zoe',
    closeAfterS: 120,
    closedBy: 'zoe',
    outcome: 'TEST',
  }, // 30th
  {
    raised: '2026-03-30T22:00:00Z',
    ackAfterS: 5,
    ackBy: 'zoe',
    closeAfterS: 6,
    closedBy: 'zoe',
    kind: 'GAS',
  }, // 31st: out
] as const;

const NO_KINDS = Object.fromEntries(ALARM_KINDS.map((k) => [k, 0]));

const NO_OUTCOMES = {
  ASSISTANCE_SENT: 0,
  EMERGENCY_SERVICES: 0,
  RESOLVED_BY_PHONE: 0,
  FALSE_ALARM: 0,
  TEST: 0,
  NO_RESPONSE: 0,
  OTHER: 0,
};

describeOnOneDb('GET /api/sos/stats', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await seedSos(ctx, [...SEED]);
  });
  afterAll(async () => ctx.close());

  const get = (query: string, token = ctx.admin.token) =>
    ctx.app.inject({ url: `${apiPath('sosStats')}${query}`, headers: ctx.bearer(token) });
  const stats = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return sosStatsSchema.parse(res.json());
  };

  it('computes every figure of three Rome days across the DST change, by hand', async () => {
    // In range: ack times 30, 60, 90 (close), 200, none, 45.5; close times 100, 300, 90, 120.
    expect(await stats('?from=2026-03-28&to=2026-03-30')).toEqual({
      total: 6,
      acknowledged: 5,
      ackWithinTargetPct: 50, // 30, 60 (at the target counts), 45.5 of 6
      ackWithin180sPct: 66.7, // and 90: 4 of 6
      medianAckSeconds: 60,
      p90AckSeconds: 156, // 90 + 0.6 × (200 − 90)
      medianCloseSeconds: 110, // (100 + 120) / 2
      closedWithoutAck: 1, // the FALL closed by luca
      byOutcome: { ...NO_OUTCOMES, FALSE_ALARM: 2, ASSISTANCE_SENT: 1, TEST: 1 },
      byKind: { ...NO_KINDS, PANIC: 4, FALL: 1, FIRE: 1 }, // GAS is out of range
      byDay: [
        { day: '2026-03-28', total: 2, medianAckSeconds: 45, ackWithinTargetPct: 100 },
        { day: '2026-03-29', total: 2, medianAckSeconds: 145, ackWithinTargetPct: 0 },
        { day: '2026-03-30', total: 2, medianAckSeconds: 45.5, ackWithinTargetPct: 50 },
      ],
      byOperator: [
        { username: 'luca', acknowledged: 2, closed: 1, medianAckSeconds: 75 },
        { username: 'maria', acknowledged: 2, closed: 2, medianAckSeconds: 115 },
        { username: 'zoe', acknowledged: 1, closed: 1, medianAckSeconds: 45.5 },
      ],
      // No call was logged on these SOS (test/sos/call-stats.test.ts counts them).
      callsPerSos: 0,
      contactReachedPct: null,
      checkInsMissed: 0,
      testsMissed: 0,
    });
  });

  it('takes instants as they are, and lists the days they touch', async () => {
    const result = await stats('?from=2026-03-28T23:00:00Z&to=2026-03-29T22:00:00.000%2B00:00');
    expect(result).toMatchObject({ total: 2, acknowledged: 2, medianAckSeconds: 145 });
    expect(result.byDay.map((d) => d.day)).toEqual(['2026-03-29']);
  });

  it('measures against the current ackTargetSeconds', async () => {
    await setSetting(ctx.database.db, SETTING_KEYS.ackTargetSeconds, '30');
    try {
      const result = await stats('?from=2026-03-28&to=2026-03-30');
      expect(result.ackWithinTargetPct).toBe(16.7); // only the 30 s one: 1 of 6
      expect(result.byDay.map((d) => d.ackWithinTargetPct)).toEqual([50, 0, 0]);
    } finally {
      await setSetting(ctx.database.db, SETTING_KEYS.ackTargetSeconds, '60');
    }
  });

  it('answers an empty range with zeros, nulls and every day listed', async () => {
    expect(await stats('?from=2025-01-01&to=2025-01-02')).toEqual({
      total: 0,
      acknowledged: 0,
      ackWithinTargetPct: null,
      ackWithin180sPct: null,
      medianAckSeconds: null,
      p90AckSeconds: null,
      medianCloseSeconds: null,
      closedWithoutAck: 0,
      byOutcome: NO_OUTCOMES,
      byKind: NO_KINDS,
      byDay: [
        { day: '2025-01-01', total: 0, medianAckSeconds: null, ackWithinTargetPct: null },
        { day: '2025-01-02', total: 0, medianAckSeconds: null, ackWithinTargetPct: null },
      ],
      byOperator: [],
      callsPerSos: null,
      contactReachedPct: null,
      checkInsMissed: 0,
      testsMissed: 0,
    });
  });

  it('defaults to the 7 days ending today in Rome', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const days = (await stats('')).byDay.map((d) => d.day);
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe(today);
    const onlyTo = (await stats('?to=2026-03-30')).byDay.map((d) => d.day);
    expect(onlyTo).toEqual([
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
    ]);
  });

  it.each([
    ['?from=yesterday', 'from'],
    ['?to=2026-02-30', 'to'],
    ['?from=2026-03-30&to=2026-03-28', 'from must be before to'],
    ['?from=2000-01-01&to=2026-01-01', 'longer than'],
  ])('refuses %s with a 400 that says why', async (query, words) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(words);
  });

  it('is for super administrators only', async () => {
    expect((await get('', ctx.employee.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: apiPath('sosStats') })).statusCode).toBe(401);
  });
});
