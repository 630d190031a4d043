import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, technicalAlarmListSchema } from '@sos/contract';
import { technicalAlarms } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { beat, setOfflineAfter, silentFor } from '../../devices/health/fixtures.js';
import { deleteDevice, eventsAfter, lastEventId, raiseSos, register } from '../device/fixtures.js';

describeOnOneDb('technical alarms, deleted devices, restore', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await setOfflineAfter(ctx.app.db, 10);
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, token = ctx.admin.token) =>
    ctx.app.inject({ method, url, headers: ctx.bearer(token) });
  const alarms = async (token = ctx.employee.token) =>
    technicalAlarmListSchema.parse((await call('GET', apiPath('alarmsTechnical'), token)).json());
  const alarmOf = async (id: number) => (await alarms()).filter((a) => a.device.id === id);

  it('lists an offline device since its last contact, and forgets it on contact', async () => {
    const { id } = (await register(ctx, 't-off')).json<{ id: number }>();
    await beat(ctx, 't-off');
    await silentFor(ctx.app.db, id, 30);
    await ctx.app.offlineSweep.runNow();
    const [alarm] = await alarmOf(id);
    expect(alarm).toMatchObject({ type: 'DEVICE_OFFLINE', device: { id, online: false } });
    expect(alarm!.since).toBe(alarm!.device.lastSeenAt);
    await beat(ctx, 't-off');
    expect(await alarmOf(id)).toEqual([]);
  });

  it('stores a deleted device’s SOS once: repeats within 60 s add nothing', async () => {
    const { id } = (await register(ctx, 't-del', 'Pendente cucina')).json<{ id: number }>();
    await deleteDevice(ctx, id);
    const before = await lastEventId(ctx);
    for (let i = 0; i < 3; i++)
      expect((await raiseSos(ctx, 't-del')).json().code).toBe('DEVICE_DELETED');
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual(['device-deleted-sos']);
    const [alarm] = await alarmOf(id);
    expect(alarm).toMatchObject({
      type: 'DELETED_DEVICE_SOS',
      device: { id, displayName: 'Pendente cucina' },
    });
    // A minute later the same device sounds again, still one alarm since its first SOS.
    await ctx.app.db
      .update(technicalAlarms)
      .set({ lastAt: sql`now() - interval '61 seconds'` })
      .where(eq(technicalAlarms.deviceId, id));
    await raiseSos(ctx, 't-del');
    expect((await eventsAfter(ctx, before)).map((e) => e.type)).toEqual([
      'device-deleted-sos',
      'device-deleted-sos',
    ]);
    expect(await alarmOf(id)).toEqual([alarm]);
  });

  it('dismiss: super admins only, 404 when there is nothing to dismiss', async () => {
    const { id } = (await register(ctx, 't-dis')).json<{ id: number }>();
    await deleteDevice(ctx, id);
    await raiseSos(ctx, 't-dis');
    const url = `${apiPath('alarmsTechnicalDismiss')}?deviceId=${id}`;
    expect((await call('POST', url, ctx.employee.token)).statusCode).toBe(403);
    const before = await lastEventId(ctx);
    expect((await call('POST', url)).statusCode).toBe(204);
    expect(await alarmOf(id)).toEqual([]);
    // Every console drops it: one event, none for the 404 below.
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'device-deleted-sos-dismissed', data: { id } },
    ]);
    expect((await call('POST', url)).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect((await call('POST', `${apiPath('alarmsTechnicalDismiss')}?deviceId=x`)).statusCode).toBe(
      400,
    );
    expect(await eventsAfter(ctx, before)).toHaveLength(1);
  });

  it('lists deleted devices and restores one with its history, clearing its alarm', async () => {
    const { id } = (await register(ctx, 't-res', 'Bagno')).json<{ id: number }>();
    await deleteDevice(ctx, id);
    await raiseSos(ctx, 't-res');
    const deleted = await call('GET', apiPath('deviceDeleted'));
    expect(deleted.json()).toContainEqual(
      expect.objectContaining({ id, displayName: 'Bagno', deletedAt: expect.any(String) }),
    );
    expect((await call('GET', apiPath('deviceDeleted'), ctx.employee.token)).statusCode).toBe(403);
    const restoreUrl = `${apiPath('deviceRestore')}?id=${id}`;
    expect((await call('POST', restoreUrl, ctx.employee.token)).statusCode).toBe(403);
    const before = await lastEventId(ctx);
    const restored = await call('POST', restoreUrl);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, displayName: 'Bagno', lastSos: null });
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'device-registered', data: restored.json() },
    ]);
    expect(await alarmOf(id)).toEqual([]);
    expect((await call('GET', apiPath('deviceDeleted'))).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await raiseSos(ctx, 't-res')).statusCode).toBe(201);
    expect((await call('POST', restoreUrl)).statusCode).toBe(404);
  });

  it('needs a signed-in user to list them', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: apiPath('alarmsTechnical') })).statusCode,
    ).toBe(401);
  });
});
