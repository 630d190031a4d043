import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, deviceListSchema, sosSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import { closeSos, deviceWithOpenSos, eventsAfter, lastEventId } from '../device/fixtures.js';

describeOnOneDb('PATCH /api/sos/close', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const openSosOnDashboard = async (deviceId: number) =>
    deviceListSchema
      .parse(
        (
          await ctx.app.inject({
            url: apiPath('deviceGetAll'),
            headers: ctx.bearer(ctx.admin.token),
          })
        ).json(),
      )
      .find((d) => d.id === deviceId)?.lastSos ?? null;

  it('lets an employee close an open SOS: 200 with the closed SOS, announced, gone from the dashboard', async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'close-1', 'Gate');
    const before = await lastEventId(ctx);
    const res = await closeSos(ctx, sosId, ctx.employee.token);
    expect(res.statusCode).toBe(200);
    const sos = sosSchema.parse(res.json());
    expect(sos).toMatchObject({
      id: sosId,
      state: 'CLOSED',
      closedBy: { id: ctx.employee.id, username: 'employee' },
      device: { id: deviceId, displayName: 'Gate' },
    });
    expect(sos.dateClosed).not.toBeNull();
    expect(Date.parse(sos.lastUpdated)).toBeGreaterThanOrEqual(Date.parse(sos.dateCreated));
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'new-sos-closed', data: sos }]);
    expect(await openSosOnDashboard(deviceId)).toBeNull();
  });

  it('lets the super administrator close one too', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-admin');
    const res = await closeSos(ctx, sosId, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(sosSchema.parse(res.json()).closedBy).toEqual({ id: ctx.admin.id, username: 'admin' });
  });

  it('answers a second close with 200 and the SOS as it was closed, naming who closed it, writing no event', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-twice');
    const first = await closeSos(ctx, sosId);
    expect(first.statusCode).toBe(200);
    const before = await lastEventId(ctx);
    const again = await closeSos(ctx, sosId, ctx.admin.token);
    expect(again.statusCode).toBe(200);
    const sos = sosSchema.parse(again.json());
    expect(sos).toEqual(sosSchema.parse(first.json()));
    expect(sos.closedBy).toEqual({ id: ctx.employee.id, username: 'employee' });
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('gives two operators closing at once the same closed SOS, with one event', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'close-race');
    const before = await lastEventId(ctx);
    const results = await Promise.all([
      closeSos(ctx, sosId, ctx.employee.token),
      closeSos(ctx, sosId, ctx.admin.token),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => sosSchema.parse(r.json()));
    expect(a).toEqual(b);
    expect(['employee', 'admin']).toContain(a!.closedBy?.username);
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['new-sos-closed']);
  });

  it.each([
    [
      'an empty body with content-type: application/json',
      { 'content-type': 'application/json' },
      '',
    ],
    ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
  ])('accepts %s', async (_name, headers, payload) => {
    const { sosId } = await deviceWithOpenSos(ctx, `close-body-${payload.length}`);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `${apiPath('sosClose')}?sosId=${sosId}`,
      headers: { ...ctx.bearer(ctx.employee.token), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(sosSchema.parse(res.json()).state).toBe('CLOSED');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await closeSos(ctx, 987_654);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '2.5', '', '1e400'])(
    'refuses sosId=%s with 400 naming the field',
    async (id) => {
      const res = await closeSos(ctx, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('querystring.sosId'),
      });
    },
  );

  it('refuses an anonymous call and the device API key with 401, leaving the SOS open', async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'close-anon');
    for (const headers of [{}, { [API_KEY_HEADER]: ctx.apiKey }]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `${apiPath('sosClose')}?sosId=${sosId}`,
        headers,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await openSosOnDashboard(deviceId)).toMatchObject({ id: sosId, state: 'OPEN' });
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401', async (name) => {
    const { sosId } = await deviceWithOpenSos(ctx, `close-bad-${name}`);
    const res = await closeSos(ctx, sosId, (await badTokens(ctx.admin.id))[name]!);
    expect(res.statusCode).toBe(401);
  });
});
