import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, sosStatsSchema } from '@sos/contract';
import { sosTimeline } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos, eventsAfter, lastEventId } from '../device/fixtures.js';
import { ackSos, closeWith } from './handling-fixtures.js';
import { seedSos } from './reporting-fixtures.js';

// docs/alarm-handling.md "Close policy": requireOutcome, and the stats' closedWithoutAck.
describeOnOneDb('the close policy', (kind) => {
  let ctx: TestContext;
  let serials = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const setPolicy = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('confAlarm'),
      headers: ctx.bearer(ctx.admin.token),
      payload,
    });
  const openSos = async () => (await deviceWithOpenSos(ctx, `policy-${++serials}`)).sosId;

  it('with requireOutcome, refuses a close without outcome (400 OUTCOME_REQUIRED, still open), then closes with one', async () => {
    expect((await setPolicy({ requireOutcome: true })).statusCode).toBe(200);
    try {
      const sosId = await openSos();
      const before = await lastEventId(ctx);
      // Together, so that they share one read of the policy (plugins/app/sos-writes.ts).
      const payloads = [undefined, {}, { outcome: null }, { note: 'Chiamata fatta' }];
      const answers = await Promise.all(
        payloads.map((payload) => closeWith(ctx, sosId, ctx.employee.token, payload)),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'OUTCOME_REQUIRED',
          message: expect.stringContaining('outcome'),
        });
      }
      expect(await eventsAfter(ctx, before)).toEqual([]);
      const res = await closeWith(ctx, sosId, ctx.employee.token, { outcome: 'FALSE_ALARM' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ state: 'CLOSED', outcome: 'FALSE_ALARM' });
    } finally {
      await setPolicy({ requireOutcome: false });
    }
  });

  it('without it (the default), closes with one click, no outcome', async () => {
    const res = await closeWith(ctx, await openSos(), ctx.employee.token, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'CLOSED', outcome: null });
  });

  it('counts closedWithoutAck: closed and never taken in charge, even when a re-alert undid the take-charge', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const closedWithoutAck = async () => {
      const res = await ctx.app.inject({
        url: `${apiPath('sosStats')}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        headers: ctx.bearer(ctx.admin.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return sosStatsSchema.parse(res.json()).closedWithoutAck;
    };
    const before = await closedWithoutAck();
    const acked = await openSos();
    expect((await ackSos(ctx, acked, ctx.employee.token)).statusCode).toBe(200);
    await closeWith(ctx, acked, ctx.employee.token, undefined);
    await closeWith(ctx, await openSos(), ctx.employee.token, undefined); // never acknowledged
    await openSos(); // open: not closed
    // Taken in charge, then unacknowledged by a re-alert (its ACKNOWLEDGED step stays), then closed.
    const now = new Date().toISOString();
    const [realerted] = await seedSos(ctx, [{ raised: now, closeAfterS: 1 }]);
    await ctx.database.db
      .insert(sosTimeline)
      .values({ sosId: realerted!, type: 'ACKNOWLEDGED', byUsername: 'maria' });
    expect(await closedWithoutAck()).toBe(before + 1);
  });
});
