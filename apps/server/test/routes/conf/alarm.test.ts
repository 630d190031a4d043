import { afterAll, beforeAll, expect, it } from 'vitest';
import { alarmConfSchema, apiPath } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

describeOnOneDb('GET/POST /api/conf/alarm', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const read = (token: string) =>
    ctx.app.inject({ url: apiPath('confAlarm'), headers: ctx.bearer(token) });
  const write = (token: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('confAlarm'),
      headers: ctx.bearer(token),
      payload: payload as object,
    });

  it('answers the defaults to every signed-in role, 401 to no one', async () => {
    for (const token of [ctx.employee.token, ctx.admin.token]) {
      const res = await read(token);
      expect(res.statusCode).toBe(200);
      expect(alarmConfSchema.parse(res.json())).toEqual({
        ackTargetSeconds: 60,
        offlineAfterSeconds: 300,
        requireOutcome: false,
        dashboardOrder: 'NEWEST',
      });
    }
    expect((await ctx.app.inject({ url: apiPath('confAlarm') })).statusCode).toBe(401);
  });

  it('lets a super administrator change it (a field left out keeps its value), not an employee', async () => {
    const denied = await write(ctx.employee.token, {
      ackTargetSeconds: 30,
      offlineAfterSeconds: 600,
    });
    expect(denied.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    const res = await write(ctx.admin.token, { ackTargetSeconds: 30, offlineAfterSeconds: 600 });
    expect(res.statusCode).toBe(200);
    const policy = { requireOutcome: false, dashboardOrder: 'NEWEST' };
    expect(res.json()).toEqual({ ackTargetSeconds: 30, offlineAfterSeconds: 600, ...policy });
    expect((await write(ctx.admin.token, { ackTargetSeconds: 5 })).json()).toEqual({
      ackTargetSeconds: 5,
      offlineAfterSeconds: 600,
      ...policy,
    });
    expect((await read(ctx.employee.token)).json()).toEqual({
      ackTargetSeconds: 5,
      offlineAfterSeconds: 600,
      ...policy,
    });
    expect(
      (await write(ctx.admin.token, { ackTargetSeconds: 3600, offlineAfterSeconds: 86_400 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await write(ctx.admin.token, { ackTargetSeconds: 60, offlineAfterSeconds: 10 })).statusCode,
    ).toBe(200);
  });

  it('stores the close policy: requireOutcome and dashboardOrder, each kept when left out', async () => {
    const res = await write(ctx.admin.token, { requireOutcome: true, dashboardOrder: 'URGENT' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ requireOutcome: true, dashboardOrder: 'URGENT' });
    expect((await write(ctx.admin.token, { requireOutcome: false })).json()).toMatchObject({
      requireOutcome: false,
      dashboardOrder: 'URGENT',
    });
    expect((await read(ctx.employee.token)).json()).toMatchObject({
      requireOutcome: false,
      dashboardOrder: 'URGENT',
    });
    await write(ctx.admin.token, { dashboardOrder: 'NEWEST' });
  });

  it.each([
    [{ requireOutcome: 'true' }, 'body.requireOutcome'],
    [{ requireOutcome: 1 }, 'body.requireOutcome'],
    [{ requireOutcome: null }, 'body.requireOutcome'],
    [{ dashboardOrder: 'urgent' }, 'body.dashboardOrder'],
    [{ dashboardOrder: 'OLDEST' }, 'body.dashboardOrder'],
    [{ dashboardOrder: 2 }, 'body.dashboardOrder'],
    [{ ackTargetSeconds: 4 }, 'body.ackTargetSeconds'],
    [{ ackTargetSeconds: 3601 }, 'body.ackTargetSeconds'],
    [{ ackTargetSeconds: 60.5 }, 'body.ackTargetSeconds'],
    [{ ackTargetSeconds: '60' }, 'body.ackTargetSeconds'],
    [{ offlineAfterSeconds: 9 }, 'body.offlineAfterSeconds'],
    [{ offlineAfterSeconds: 86_401 }, 'body.offlineAfterSeconds'],
    [{ offlineAfterSeconds: null }, 'body.offlineAfterSeconds'],
  ])('refuses %j with 400 naming %s, changing nothing', async (payload, field) => {
    const before = (await read(ctx.admin.token)).json();
    const res = await write(ctx.admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(field),
    });
    expect((await read(ctx.admin.token)).json()).toEqual(before);
  });
});
