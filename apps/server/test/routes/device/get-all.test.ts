import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, deviceListSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import { closeSos, deleteDevice, raiseSos, register } from './fixtures.js';

describeOnOneDb('GET /api/device/getAll', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const getAll = (headers: Record<string, string>) =>
    ctx.app.inject({ url: apiPath('deviceGetAll'), headers });

  it('lists devices: open SOS first (newest first), then the others by name; deleted ones hidden', async () => {
    expect(deviceListSchema.parse((await getAll(ctx.bearer(ctx.admin.token))).json())).toEqual([]);
    for (const [serial, name] of [
      ['d-1', 'charlie'],
      ['d-2', 'Alpha'],
      ['d-3', 'bravo'],
      ['d-4', 'delta'],
      ['d-5', 'echo'],
      ['d-6', 'foxtrot'],
    ] as const) {
      expect((await register(ctx, serial, name)).statusCode).toBe(201);
    }
    // SOS in this order: delta, then echo, then foxtrot (closed again), then charlie.
    await raiseSos(ctx, 'd-4');
    await raiseSos(ctx, 'd-5');
    const closed = (await raiseSos(ctx, 'd-6')).json<{ id: number }>();
    await closeSos(ctx, closed.id);
    await raiseSos(ctx, 'd-1');
    const hidden = (await register(ctx, 'd-7', 'aaa hidden')).json<{ id: number }>();
    await raiseSos(ctx, 'd-7');
    await deleteDevice(ctx, hidden.id);

    const res = await getAll(ctx.bearer(ctx.employee.token));
    expect(res.statusCode).toBe(200);
    const list = deviceListSchema.parse(res.json());
    expect(list.map((d) => d.displayName)).toEqual([
      'charlie',
      'echo',
      'delta',
      'Alpha',
      'bravo',
      'foxtrot',
    ]);
    expect(list.map((d) => d.lastSos?.state ?? null)).toEqual([
      'OPEN',
      'OPEN',
      'OPEN',
      null,
      null,
      null,
    ]);
    for (const device of list) {
      expect(device.lastSeenAt).not.toBeNull();
      if (device.lastSos)
        expect(device.lastSos.device).toEqual({ id: device.id, displayName: device.displayName });
    }
  });

  it('answers the super administrator too', async () => {
    const res = await getAll(ctx.bearer(ctx.admin.token));
    expect(res.statusCode).toBe(200);
    deviceListSchema.parse(res.json());
  });

  it('refuses an anonymous call with 401', async () => {
    expect((await getAll({})).statusCode).toBe(401);
  });

  it('refuses the device API key alone with 401', async () => {
    expect((await getAll({ [API_KEY_HEADER]: ctx.apiKey })).statusCode).toBe(401);
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401', async (name) => {
    const token = (await badTokens(ctx.admin.id))[name]!;
    const res = await getAll(ctx.bearer(token));
    expect(res.statusCode).toBe(401);
  });
});
