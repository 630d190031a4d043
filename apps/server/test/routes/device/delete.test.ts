import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  apiPath,
  deviceListSchema,
  sosHistorySchema,
  sosSchema,
} from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import {
  closeSos,
  deleteDevice,
  deviceWithOpenSos,
  eventsAfter,
  heartbeat,
  lastEventId,
  raiseSos,
  register,
} from './fixtures.js';

describeOnOneDb('DELETE /api/device/delete', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const listIds = async () =>
    deviceListSchema
      .parse(
        (
          await ctx.app.inject({
            url: apiPath('deviceGetAll'),
            headers: ctx.bearer(ctx.admin.token),
          })
        ).json(),
      )
      .map((d) => d.id);
  const history = async () =>
    sosHistorySchema.parse(
      (
        await ctx.app.inject({ url: apiPath('sosGetAll'), headers: ctx.bearer(ctx.admin.token) })
      ).json(),
    );

  it('hides the device, closes its open SOS and announces both, with 204', async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'del-open', 'Boiler room');
    const before = await lastEventId(ctx);
    const res = await deleteDevice(ctx, deviceId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await listIds()).not.toContain(deviceId);

    const written = await eventsAfter(ctx, before);
    expect(written.map((e) => e.type)).toEqual(['new-sos-closed', 'device-deleted']);
    expect(sosSchema.parse(written[0]!.data)).toMatchObject({
      id: sosId,
      state: 'CLOSED',
      closedBy: { id: ctx.admin.id, username: 'admin' },
      device: { id: deviceId, displayName: 'Boiler room' },
    });
    expect(written[1]!.data).toEqual({ id: deviceId });
    // The closed SOS stays in the history with the device's name.
    expect((await history()).find((s) => s.id === sosId)?.device.displayName).toBe('Boiler room');
  });

  it('announces only the deletion for a device without an open SOS', async () => {
    const id = (await register(ctx, 'del-quiet')).json<{ id: number }>().id;
    const before = await lastEventId(ctx);
    expect((await deleteDevice(ctx, id)).statusCode).toBe(204);
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'device-deleted', data: { id } }]);
  });

  it("keeps the names of the device's closed SOS in the history", async () => {
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'del-history', 'Archive');
    await closeSos(ctx, sosId);
    await deleteDevice(ctx, deviceId);
    expect((await history()).find((s) => s.id === sosId)?.device).toEqual({
      id: deviceId,
      displayName: 'Archive',
    });
  });

  it("refuses the deleted device's own calls", async () => {
    const id = (await register(ctx, 'del-calls')).json<{ id: number }>().id;
    await deleteDevice(ctx, id);
    expect((await raiseSos(ctx, 'del-calls')).statusCode).toBe(403);
    expect((await heartbeat(ctx, 'del-calls')).statusCode).toBe(403);
    expect((await register(ctx, 'del-calls')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and for an already deleted one, writing no event', async () => {
    const id = (await register(ctx, 'del-twice')).json<{ id: number }>().id;
    expect((await deleteDevice(ctx, id)).statusCode).toBe(204);
    const before = await lastEventId(ctx);
    for (const target of [id, 999_999]) {
      const res = await deleteDevice(ctx, target);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it.each(['abc', '0', '-3', '1.5', '', '99999999999'])(
    'refuses id=%s with 400 naming the field',
    async (id) => {
      const res = await deleteDevice(ctx, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining('querystring.id'),
      });
    },
  );

  it('accepts a bodyless call sent with content-type: application/json and an empty body', async () => {
    const { id } = (await register(ctx, 'del-empty-json')).json<{ id: number }>();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${apiPath('deviceDelete')}?id=${id}`,
      headers: { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses a missing id with 400', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: apiPath('deviceDelete'),
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an employee with 403 and leaves the device in place', async () => {
    const id = (await register(ctx, 'del-employee')).json<{ id: number }>().id;
    const res = await deleteDevice(ctx, id, ctx.employee.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await listIds()).toContain(id);
  });

  it('refuses an anonymous call and the device API key with 401', async () => {
    const id = (await register(ctx, 'del-anon')).json<{ id: number }>().id;
    for (const headers of [{}, { [API_KEY_HEADER]: ctx.apiKey }]) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `${apiPath('deviceDelete')}?id=${id}`,
        headers,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await listIds()).toContain(id);
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401', async (name) => {
    const id = (await register(ctx, `del-bad-${name}`)).json<{ id: number }>().id;
    const res = await deleteDevice(ctx, id, (await badTokens(ctx.admin.id))[name]!);
    expect(res.statusCode).toBe(401);
    expect(await listIds()).toContain(id);
  });
});
