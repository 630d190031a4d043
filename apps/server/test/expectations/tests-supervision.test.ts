import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { devices, expectations } from '../../src/db/schema.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { eventsAfter, heartbeat, lastEventId } from '../routes/device/fixtures.js';
import { setOfflineAfter, silentFor } from '../devices/health/fixtures.js';
import { heartbeatIntervalOf } from '../../src/expectations/supervision.js';
import { device, deviceCall, endedAgo, patchSupervision, technicalOf } from './fixtures.js';

describeEachDb('periodic tests and supervision per device (docs/expected-events.md)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  const testMissed = async (id: number) =>
    (await technicalOf(ctx)).filter((a) => a.type === 'TEST_MISSED' && a.device.id === id);

  it('a test overdue by its interval plus 10 % is one TEST_MISSED, cleared by the next test', async () => {
    const id = await device(ctx, 'panel-1');
    const set = await patchSupervision(ctx, id, { testIntervalHours: 24 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      supervisionSeconds: null,
      testIntervalHours: 24,
      lastTestAt: null,
      checkIns: [],
    });
    // Due 24 h × 1.1 after the interval was set.
    const [due] = await ctx.database.db
      .select({ h: sql<string>`extract(epoch FROM ${expectations.dueAt} - now()) / 3600` })
      .from(expectations)
      .where(and(eq(expectations.deviceId, id), eq(expectations.kind, 'TEST')));
    expect(Number(due!.h)).toBeCloseTo(26.4, 1);

    await endedAgo(ctx.database.db, id, 'TEST', 1);
    const before = await lastEventId(ctx);
    await Promise.all([ctx.app.expectations.sweepNow(), ctx.app.expectations.sweepNow()]);
    await ctx.app.expectations.sweepNow();
    expect(await testMissed(id)).toHaveLength(1);
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['technical-alarm']);

    expect((await deviceCall(ctx, 'deviceTest', 'panel-1')).statusCode).toBe(204);
    expect(await testMissed(id)).toHaveLength(0);
    const events = await eventsAfter(ctx, before);
    expect(events.at(-1)).toEqual({
      type: 'technical-alarm-cleared',
      data: { type: 'TEST_MISSED', deviceId: id },
    });
    const answer = (
      await ctx.app.inject({
        url: `${apiPath('deviceExpectations')}?id=${id}`,
        headers: ctx.bearer(ctx.employee.token),
      })
    ).json<{ lastTestAt: string }>();
    expect(answer.lastTestAt).not.toBeNull();
  });

  it("'Ignora' dismisses TEST_MISSED; the next miss raises it again", async () => {
    const id = await device(ctx, 'panel-2');
    await patchSupervision(ctx, id, { testIntervalHours: 1 });
    await endedAgo(ctx.database.db, id, 'TEST', 1);
    await ctx.app.expectations.sweepNow();
    const dismiss = await ctx.app.inject({
      method: 'POST',
      url: `${apiPath('alarmsTechnicalDismiss')}?deviceId=${id}&type=TEST_MISSED`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(dismiss.statusCode).toBe(204);
    expect(await testMissed(id)).toHaveLength(0);
    await deviceCall(ctx, 'deviceTest', 'panel-2');
    await endedAgo(ctx.database.db, id, 'TEST', 1);
    await ctx.app.expectations.sweepNow();
    expect(await testMissed(id)).toHaveLength(1);
  });

  it('no interval, no test expected', async () => {
    const id = await device(ctx, 'panel-3');
    await patchSupervision(ctx, id, { testIntervalHours: 2 });
    expect((await patchSupervision(ctx, id, { testIntervalHours: null })).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`UPDATE expectations SET due_at = now() - interval '1 s' WHERE device_id = ${id}`,
    );
    await ctx.app.expectations.sweepNow();
    expect(await testMissed(id)).toHaveLength(0);
  });

  it('offline after its own supervision: a daily panel is never "Non raggiungibile" between its polls', async () => {
    await setOfflineAfter(ctx.database.db, 60);
    const panel = await device(ctx, 'panel-daily');
    const pendant = await device(ctx, 'pendant');
    const fast = await device(ctx, 'fast');
    expect((await patchSupervision(ctx, panel, { supervisionSeconds: 86_400 })).statusCode).toBe(
      200,
    );
    expect((await patchSupervision(ctx, fast, { supervisionSeconds: 10 })).statusCode).toBe(200);
    for (const serial of ['panel-daily', 'pendant', 'fast']) await heartbeat(ctx, serial);
    // Silent 2 h: past the global 60 s, well within the panel's day.
    for (const id of [panel, pendant]) await silentFor(ctx.database.db, id, 7200);
    // Silent 20 s: within the global 60 s, past its own 10 s.
    await silentFor(ctx.database.db, fast, 20);
    await ctx.app.offlineSweep.runNow();
    const online = async (id: number) =>
      (
        await ctx.database.db
          .select({ online: devices.online })
          .from(devices)
          .where(eq(devices.id, id))
      )[0]!.online;
    expect(await online(panel)).toBe(true);
    expect(await online(pendant)).toBe(false);
    expect(await online(fast)).toBe(false);
    // Back to the global setting: the panel's 2 h silence is now too long.
    await patchSupervision(ctx, panel, { supervisionSeconds: null });
    expect(await online(panel)).toBe(false);
    await setOfflineAfter(ctx.database.db, 300);
  });

  it('receivers: a DC-09 test clears TEST_MISSED; a SCAIP unit is told its supervision, within 60–86400 s', async () => {
    const accept = (
      serial: string,
      ref: string,
      signals: Parameters<typeof ctx.app.signalSink.accept>[0]['signals'],
    ) =>
      ctx.app.signalSink.accept({
        protocol: 'DC09',
        serial,
        displayName: serial,
        repeatKey: ref,
        signals,
      });
    await accept('DC09-0-7E57', 'r-1', [{ type: 'CONTACT', code: null }]);
    const [row] = await ctx.database.db
      .select()
      .from(devices)
      .where(eq(devices.serial, 'DC09-0-7E57'));
    await patchSupervision(ctx, row!.id, { testIntervalHours: 24, supervisionSeconds: 30 });
    await endedAgo(ctx.database.db, row!.id, 'TEST', 1);
    await ctx.app.expectations.sweepNow();
    expect(await testMissed(row!.id)).toHaveLength(1);
    await accept('DC09-0-7E57', 'r-2', [{ type: 'TEST', code: '1602' }]);
    expect(await testMissed(row!.id)).toHaveLength(0);
    const [after] = await ctx.database.db.select().from(devices).where(eq(devices.id, row!.id));
    expect(after!.lastTestAt).not.toBeNull();

    expect(await heartbeatIntervalOf(ctx.app.db, 'DC09-0-7E57')).toBe(60);
    await patchSupervision(ctx, row!.id, { supervisionSeconds: 900 });
    expect(await heartbeatIntervalOf(ctx.app.db, 'DC09-0-7E57')).toBe(900);
    await patchSupervision(ctx, row!.id, { supervisionSeconds: 604_800 });
    expect(await heartbeatIntervalOf(ctx.app.db, 'DC09-0-7E57')).toBe(86_400);
    await patchSupervision(ctx, row!.id, { supervisionSeconds: null });
    expect(await heartbeatIntervalOf(ctx.app.db, 'DC09-0-7E57')).toBe(300);
  });

  it('only a super administrator sets supervision; unknown device 404', async () => {
    const id = await device(ctx, 'panel-4');
    expect(
      (await patchSupervision(ctx, id, { supervisionSeconds: 600 }, ctx.employee.token)).statusCode,
    ).toBe(403);
    expect((await patchSupervision(ctx, 999_999, { supervisionSeconds: 600 })).statusCode).toBe(
      404,
    );
    expect((await deviceCall(ctx, 'deviceTest', 'nobody')).statusCode).toBe(404);
    expect((await deviceCall(ctx, 'deviceCheckin', 'nobody')).statusCode).toBe(404);
  });
});
