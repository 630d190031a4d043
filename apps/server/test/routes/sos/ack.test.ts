import { afterAll, beforeAll, expect, it } from 'vitest';
import { sosConflictErrorSchema, sosSchema, sosTimelineSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { closeSos, deviceWithOpenSos, eventsAfter, lastEventId } from '../device/fixtures.js';
import { ackSos, timelineOf } from './handling-fixtures.js';

describeOnOneDb('POST /api/sos/ack', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('lets an employee take charge: 200 with who and when, announced as sos-acknowledged', async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'ack-1', 'Sig.ra Rossi');
    const before = await lastEventId(ctx);
    const res = await ackSos(ctx, sosId, ctx.employee.token);
    expect(res.statusCode).toBe(200);
    const sos = sosSchema.parse(res.json());
    expect(sos).toMatchObject({
      id: sosId,
      state: 'OPEN',
      acknowledgedBy: { id: ctx.employee.id, username: 'employee' },
      device: { id: deviceId, displayName: 'Sig.ra Rossi' },
    });
    expect(Date.parse(sos.acknowledgedAt!)).toBeGreaterThanOrEqual(Date.parse(sos.dateCreated));
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'sos-acknowledged', data: sos }]);
  });

  it('answers the same user again 200, unchanged, with no event and no new timeline entry', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-again');
    const first = (await ackSos(ctx, sosId, ctx.admin.token)).json();
    const before = await lastEventId(ctx);
    for (const takeOver of [undefined, 'true', 'false']) {
      const again = await ackSos(ctx, sosId, ctx.admin.token, takeOver);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
    }
    expect(await eventsAfter(ctx, before)).toEqual([]);
    const types = sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json()).map((e) => e.type);
    expect(types).toEqual(['RAISED', 'ACKNOWLEDGED']);
  });

  it('refuses someone else 409 SOS_ALREADY_ACKNOWLEDGED, carrying the SOS that says who', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-other');
    await ackSos(ctx, sosId, ctx.admin.token);
    const before = await lastEventId(ctx);
    for (const takeOver of [undefined, 'false']) {
      const res = await ackSos(ctx, sosId, ctx.employee.token, takeOver);
      expect(res.statusCode).toBe(409);
      const body = sosConflictErrorSchema.parse(res.json());
      expect(body.code).toBe('SOS_ALREADY_ACKNOWLEDGED');
      expect(body.sos.acknowledgedBy).toEqual({ id: ctx.admin.id, username: 'admin' });
    }
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('takes over with takeOver=true: the new holder, the first time kept, a second ACKNOWLEDGED entry', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-takeover');
    const first = sosSchema.parse((await ackSos(ctx, sosId, ctx.admin.token)).json());
    const before = await lastEventId(ctx);
    const res = await ackSos(ctx, sosId, ctx.employee.token, 'true');
    expect(res.statusCode).toBe(200);
    const taken = sosSchema.parse(res.json());
    expect(taken.acknowledgedBy).toEqual({ id: ctx.employee.id, username: 'employee' });
    expect(taken.acknowledgedAt).toBe(first.acknowledgedAt);
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'sos-acknowledged', data: taken }]);
    const timeline = sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json());
    expect(timeline.map((e) => [e.type, e.by?.username ?? null])).toEqual([
      ['RAISED', null],
      ['ACKNOWLEDGED', 'admin'],
      ['ACKNOWLEDGED', 'employee'],
    ]);
  });

  it('refuses a closed SOS 409 SOS_NOT_OPEN, takeOver or not, carrying the closed SOS', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-closed');
    await closeSos(ctx, sosId, ctx.admin.token);
    for (const takeOver of [undefined, 'true']) {
      const res = await ackSos(ctx, sosId, ctx.employee.token, takeOver);
      expect(res.statusCode).toBe(409);
      const body = sosConflictErrorSchema.parse(res.json());
      expect(body.code).toBe('SOS_NOT_OPEN');
      expect(body.sos).toMatchObject({
        id: sosId,
        state: 'CLOSED',
        closedBy: { username: 'admin' },
      });
    }
  });

  it('gives one 200 and one 409 to two operators taking charge at once, one event', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-race');
    const before = await lastEventId(ctx);
    const results = await Promise.all([
      ackSos(ctx, sosId, ctx.employee.token),
      ackSos(ctx, sosId, ctx.admin.token),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['sos-acknowledged']);
  });

  it('answers 404 for an unknown SOS, 400 for a bad id or takeOver, 401 without a token', async () => {
    expect((await ackSos(ctx, 987_654, ctx.employee.token)).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    expect((await ackSos(ctx, 987_654, ctx.employee.token, 'true')).statusCode).toBe(404);
    const { sosId } = await deviceWithOpenSos(ctx, 'ack-bad');
    for (const [id, takeOver, field] of [
      ['abc', undefined, 'querystring.sosId'],
      ['0', undefined, 'querystring.sosId'],
      [String(sosId), 'yes', 'querystring.takeOver'],
      [String(sosId), '', 'querystring.takeOver'],
    ] as const) {
      const res = await ackSos(ctx, id, ctx.employee.token, takeOver);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(field),
      });
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/sos/ack?sosId=${sosId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(
      sosSchema.parse((await ackSos(ctx, sosId, ctx.employee.token)).json()).acknowledgedBy
        ?.username,
    ).toBe('employee');
  });
});
