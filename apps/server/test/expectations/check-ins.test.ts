import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, CHECK_IN_SOURCE_CODE } from '@sos/contract';
import { deviceProfiles, expectations } from '../../src/db/schema.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { eventsAfter, lastEventId } from '../routes/device/fixtures.js';
import {
  device,
  deviceCall,
  endedAgo,
  EVERY_DAY,
  putCheckIns,
  sosOf,
  timelineOf,
} from './fixtures.js';

describeEachDb('check-in windows (docs/expected-events.md)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  const windows = [{ days: EVERY_DAY, from: '08:00', to: '10:00' }];
  const pending = (id: number) =>
    ctx.database.db.select().from(expectations).where(eq(expectations.deviceId, id));

  it('a missed window raises one INACTIVITY SOS at its end, from SYSTEM/CHECK_IN, whatever the sweeps', async () => {
    const id = await device(ctx, 'ci-missed');
    expect((await putCheckIns(ctx, id, windows)).statusCode).toBe(200);
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 1);
    const before = await lastEventId(ctx);
    await Promise.all([ctx.app.expectations.sweepNow(), ctx.app.expectations.sweepNow()]);
    await ctx.app.expectations.sweepNow();
    const raised = await sosOf(ctx.database.db, id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      state: 'OPEN',
      kind: 'INACTIVITY',
      sourceProtocol: 'SYSTEM',
      sourceCode: CHECK_IN_SOURCE_CODE,
      sourceDetail: '08:00–10:00',
    });
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['new-sos']);
    // On time: the timeline says nothing of lateness. The next window is scheduled, in the future.
    expect((await timelineOf(ctx, raised[0]!.id)).map((e) => e.type)).toEqual(['RAISED']);
    const next = (
      await ctx.app.inject({
        url: `${apiPath('deviceExpectations')}?id=${id}`,
        headers: ctx.bearer(ctx.employee.token),
      })
    ).json<{ nextCheckInEnd: string }>();
    expect(new Date(next.nextCheckInEnd).getTime()).toBeGreaterThan(Date.now());

    // A late check-in closes nothing: "Check-in ricevuto" on the open SOS.
    expect((await deviceCall(ctx, 'deviceCheckin', 'ci-missed')).statusCode).toBe(204);
    const entries = await timelineOf(ctx, raised[0]!.id);
    expect(entries.map((e) => e.text)).toContain('Check-in ricevuto');
    expect((await sosOf(ctx.database.db, id))[0]!.state).toBe('OPEN');
  });

  it('a check-in inside the window satisfies it: nothing raised', async () => {
    const id = await device(ctx, 'ci-kept');
    await putCheckIns(ctx, id, windows);
    // The window started an hour ago; the resident checks in now; it ends a moment later.
    await endedAgo(ctx.database.db, id, 'CHECK_IN', -3600, 3600);
    expect((await deviceCall(ctx, 'deviceCheckin', 'ci-kept')).statusCode).toBe(204);
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 0, 3600);
    await ctx.app.expectations.sweepNow();
    expect(await sosOf(ctx.database.db, id)).toHaveLength(0);
  });

  it('a check-in before the window opened does not count', async () => {
    const id = await device(ctx, 'ci-early');
    await putCheckIns(ctx, id, windows);
    await deviceCall(ctx, 'deviceCheckin', 'ci-early');
    // The window opens after that check-in and has just ended.
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 0, -1);
    await ctx.app.expectations.sweepNow();
    expect(await sosOf(ctx.database.db, id)).toHaveLength(1);
  });

  it('a window that ended while no process ran raises at the next sweep, once, saying how late', async () => {
    const id = await device(ctx, 'ci-late');
    await putCheckIns(ctx, id, windows);
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 25 * 60);
    await ctx.app.expectations.sweepNow();
    await ctx.app.expectations.sweepNow();
    const raised = await sosOf(ctx.database.db, id);
    expect(raised).toHaveLength(1);
    const texts = (await timelineOf(ctx, raised[0]!.id)).map((e) => e.text);
    expect(texts).toContain('Mancato check-in 08:00–10:00: in ritardo di 25 min');
  });

  it('the operator\'s "Check-in confermato" is a check-in, recorded with who', async () => {
    const id = await device(ctx, 'ci-operator');
    await putCheckIns(ctx, id, windows);
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 1);
    await ctx.app.expectations.sweepNow();
    const [raised] = await sosOf(ctx.database.db, id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${apiPath('sosCheckin')}?sosId=${raised!.id}`,
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: raised!.id, state: 'OPEN' });
    const entry = (await timelineOf(ctx, raised!.id)).find((e) => e.text === 'Check-in confermato');
    expect(entry?.by?.username).toBe('employee');
    const [row] = await sosOf(ctx.database.db, id);
    expect(row!.state).toBe('OPEN');
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `${apiPath('sosCheckin')}?sosId=999999`,
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('windows removed from the profile raise nothing', async () => {
    const id = await device(ctx, 'ci-removed');
    await putCheckIns(ctx, id, windows);
    expect(await pending(id)).toHaveLength(1);
    await putCheckIns(ctx, id, []);
    expect(await pending(id)).toHaveLength(0);
    // A window that ends as its profile is erased (the row still there): nothing raised either.
    await putCheckIns(ctx, id, windows);
    await ctx.database.db
      .update(deviceProfiles)
      .set({ checkIns: [] })
      .where(eq(deviceProfiles.deviceId, id));
    await endedAgo(ctx.database.db, id, 'CHECK_IN', 1);
    await ctx.app.expectations.sweepNow();
    expect(await sosOf(ctx.database.db, id)).toHaveLength(0);
    // Nothing left to fall due: a row kept would be claimed again at every sweep.
    expect(await pending(id)).toHaveLength(0);
  });

  it('stats count the missed windows', async () => {
    const res = await ctx.app.inject({
      url: apiPath('sosStats'),
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checkInsMissed: 4, testsMissed: 0 });
  });
});
