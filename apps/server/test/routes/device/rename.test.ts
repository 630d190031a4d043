import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, deviceSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deleteDevice, eventsAfter, lastEventId, raiseSos, register } from './fixtures.js';

describeOnOneDb('PATCH /api/device/rename', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const rename = (id: number | string, body: unknown, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `${apiPath('deviceRename')}?id=${id}`,
      headers: ctx.bearer(token),
      payload: body as object,
    });

  it('renames a device for every console, its open SOS included; the same name again changes nothing', async () => {
    const { id } = (await register(ctx, 'DC09-0-12AB', 'DC-09 12AB')).json<{ id: number }>();
    await raiseSos(ctx, 'DC09-0-12AB');
    const before = await lastEventId(ctx);
    const res = await rename(id, { displayName: '  Casa Bianchi, camera  ' });
    expect(res.statusCode).toBe(200);
    const device = deviceSchema.parse(res.json());
    expect(device).toMatchObject({
      id,
      serial: 'DC09-0-12AB',
      displayName: 'Casa Bianchi, camera',
    });
    expect(device.lastSos?.device).toEqual({ id, displayName: 'Casa Bianchi, camera' });
    expect(await eventsAfter(ctx, before)).toEqual([{ type: 'device-renamed', data: device }]);
    expect((await rename(id, { displayName: 'Casa Bianchi, camera' })).json()).toEqual(device);
    expect(await eventsAfter(ctx, before)).toHaveLength(1);
  });

  it('a device heard again keeps the name given', async () => {
    const { id } = (await register(ctx, 'DC09-0-34CD', 'DC-09 34CD')).json<{ id: number }>();
    await rename(id, { displayName: 'Sig. Verdi' });
    await ctx.app.signalSink.accept({
      protocol: 'DC09',
      serial: 'DC09-0-34CD',
      displayName: 'DC-09 34CD',
      repeatKey: 'k1',
      signals: [{ type: 'ALARM', kind: 'FIRE', code: '1110', detail: null }],
    });
    const list = (
      await ctx.app.inject({
        url: apiPath('deviceGetAll'),
        headers: ctx.bearer(ctx.employee.token),
      })
    ).json<unknown[]>();
    expect(list.map((d) => deviceSchema.parse(d)).find((d) => d.id === id)).toMatchObject({
      displayName: 'Sig. Verdi',
      lastSos: { kind: 'FIRE', device: { displayName: 'Sig. Verdi' } },
    });
  });

  it('super administrators only; a bad name is a 400 naming the field; unknown or deleted: 404', async () => {
    const { id } = (await register(ctx, 'r-rules', 'Prima')).json<{ id: number }>();
    const before = await lastEventId(ctx);
    expect((await rename(id, { displayName: 'Seconda' }, ctx.employee.token)).statusCode).toBe(403);
    for (const displayName of ['', '   ', 'x'.repeat(101), 'a\u0000b', 42]) {
      const res = await rename(id, { displayName });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('displayName');
    }
    expect((await rename(id, { displayName: 'x'.repeat(100) })).statusCode).toBe(200);
    expect((await rename('abc', { displayName: 'Nome' })).statusCode).toBe(400);
    expect((await rename(999_999, { displayName: 'Nome' })).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    await deleteDevice(ctx, id);
    expect((await rename(id, { displayName: 'Nome' })).statusCode).toBe(404);
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual([
      'device-renamed',
      'device-deleted',
    ]);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `${apiPath('deviceRename')}?id=${id}`,
          payload: { displayName: 'n' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
