import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, deviceListSchema, sosSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import { deviceHeaders, eventsAfter, lastEventId, register } from '../fixtures.js';

describeOnOneDb('POST /api/device/sos with a location', (kind) => {
  let ctx: TestContext;
  let serials = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const raise = async (location: unknown) => {
    const serial = `located-${++serials}`;
    await register(ctx, serial);
    const before = await lastEventId(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: deviceHeaders(ctx),
      payload: { serial, location },
    });
    return Object.assign(res, { events: await eventsAfter(ctx, before) });
  };

  it('keeps the location in the SOS, its new-sos event and the dashboard', async () => {
    const res = await raise({ lat: 45.4642035, lon: 9.189982, accuracyM: 12.5 });
    expect(res.statusCode).toBe(201);
    const sos = sosSchema.parse(res.json());
    expect(sos.location).toEqual({ lat: 45.4642035, lon: 9.189982, accuracyM: 12.5 });
    expect(res.events).toEqual([{ type: 'new-sos', data: sos }]);
    const devices = deviceListSchema.parse(
      (
        await ctx.app.inject({
          url: apiPath('deviceGetAll'),
          headers: ctx.bearer(ctx.employee.token),
        })
      ).json(),
    );
    expect(devices.find((d) => d.lastSos?.id === sos.id)?.lastSos?.location).toEqual(sos.location);
  });

  it.each([
    [
      { lat: -90, lon: -180, accuracyM: 0 },
      { lat: -90, lon: -180, accuracyM: 0 },
    ],
    [
      { lat: 90, lon: 180 },
      { lat: 90, lon: 180, accuracyM: null },
    ],
    [
      { lat: 1e-7, lon: -0.00001, accuracyM: null },
      { lat: 1e-7, lon: -0.00001, accuracyM: null },
    ],
  ])('takes %j at the edges', async (location, stored) => {
    const res = await raise(location);
    expect(res.statusCode).toBe(201);
    expect(res.json().location).toEqual(stored);
  });

  it('answers a raise without a location with location null', async () => {
    const serial = `located-${++serials}`;
    await register(ctx, serial);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceSos'),
      headers: deviceHeaders(ctx),
      payload: { serial },
    });
    expect(res.json().location).toBeNull();
  });

  it.each([
    [{ lat: 90.0001, lon: 0 }, 'body.location.lat'],
    [{ lat: -91, lon: 0 }, 'body.location.lat'],
    [{ lat: 0, lon: 180.5 }, 'body.location.lon'],
    [{ lat: 0, lon: -181 }, 'body.location.lon'],
    [{ lat: 0, lon: 0, accuracyM: -1 }, 'body.location.accuracyM'],
    [{ lon: 0 }, 'body.location.lat'],
    [{ lat: '45', lon: 9 }, 'body.location.lat'],
    ['here', 'body.location'],
  ])('refuses %j with 400 naming %s, raising nothing', async (location, field) => {
    const res = await raise(location);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(field),
    });
    expect(res.events).toEqual([]);
  });
});
