import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, deviceContactListSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { beat } from '../../devices/health/fixtures.js';
import { deleteDevice, register } from './fixtures.js';

describeOnOneDb('GET /api/device/contacts', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const contacts = (ids: string, token: string | null = ctx.employee.token) =>
    ctx.app.inject({
      url: `${apiPath('deviceContacts')}?ids=${ids}`,
      headers: token === null ? {} : ctx.bearer(token),
    });
  const idOf = async (serial: string) => (await register(ctx, serial)).json<{ id: number }>().id;

  it("answers each device's last contact, online state and battery, as they are now", async () => {
    const heard = await idOf('c-heard');
    const silent = await idOf('c-silent');
    expect((await beat(ctx, 'c-heard', 42)).statusCode).toBe(204);
    const res = await contacts(`${silent},${heard}`);
    expect(res.statusCode).toBe(200);
    const list = deviceContactListSchema.parse(res.json());
    expect(list).toEqual(
      [
        { id: heard, lastSeenAt: expect.any(String), online: true, batteryPct: 42 },
        // Registering is a contact too; monitoring (online) starts with the first heartbeat.
        { id: silent, lastSeenAt: expect.any(String), online: null, batteryPct: null },
      ].sort((a, b) => a.id - b.id),
    );
    const seen = list.find((c) => c.id === heard)!.lastSeenAt!;
    expect(Math.abs(Date.now() - Date.parse(seen))).toBeLessThan(60_000);
  });

  it('leaves out unknown and deleted devices', async () => {
    const kept = await idOf('c-kept');
    const gone = await idOf('c-gone');
    expect((await deleteDevice(ctx, gone)).statusCode).toBe(204);
    const res = await contacts(`${kept},${gone},999999`);
    expect(res.statusCode).toBe(200);
    expect(deviceContactListSchema.parse(res.json()).map((c) => c.id)).toEqual([kept]);
  });

  it('is for every signed-in role, and no one else', async () => {
    const id = await idOf('c-roles');
    expect((await contacts(String(id), ctx.admin.token)).statusCode).toBe(200);
    expect((await contacts(String(id), ctx.employee.token)).statusCode).toBe(200);
    expect((await contacts(String(id), null)).statusCode).toBe(401);
  });

  it('takes 200 ids, refuses 201 with 400 naming the field', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect((await contacts(ids(200))).statusCode).toBe(200);
    const res = await contacts(ids(201));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/ids/),
    });
  });

  it.each(['', 'abc', '1,,2', '1,-2', '0', '1.5', '99999999999'])(
    'refuses the list %j with 400',
    async (ids) => {
      const res = await contacts(ids);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/ids/),
      });
    },
  );

  it('refuses a request without ids with 400', async () => {
    const res = await ctx.app.inject({
      url: apiPath('deviceContacts'),
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
