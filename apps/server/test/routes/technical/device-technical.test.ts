import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, technicalAlarmListSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { eventsAfter, lastEventId } from '../device/fixtures.js';
import type { DeviceSignal } from '../../../src/receivers/signal.js';

describeOnOneDb('technical alarms a device reports', (kind) => {
  let ctx: TestContext;
  let seq = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const report = (account: string, signals: DeviceSignal[]) =>
    ctx.app.signalSink.accept({
      protocol: 'DC09',
      serial: `DC09-0-${account}`,
      displayName: `DC-09 ${account}`,
      repeatKey: String(++seq),
      signals,
    });
  const technical = (alarm: 'LOW_BATTERY' | 'POWER_FAILURE' | 'TAMPER'): DeviceSignal => ({
    type: 'TECHNICAL',
    alarm,
    code: null,
    detail: null,
  });
  const list = async () =>
    technicalAlarmListSchema.parse(
      (
        await ctx.app.inject({
          url: apiPath('alarmsTechnical'),
          headers: ctx.bearer(ctx.employee.token),
        })
      ).json(),
    );
  const dismiss = (query: string, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'POST',
      url: `${apiPath('alarmsTechnicalDismiss')}?${query}`,
      headers: ctx.bearer(token),
    });

  it('lists each with its device and since when, and a super administrator dismisses one type', async () => {
    await report('AA01', [
      technical('LOW_BATTERY'),
      technical('POWER_FAILURE'),
      technical('TAMPER'),
    ]);
    const mine = (await list()).filter((a) => a.device.serial === 'DC09-0-AA01');
    expect(mine.map((a) => a.type).sort()).toEqual(['LOW_BATTERY', 'POWER_FAILURE', 'TAMPER']);
    const deviceId = mine[0]!.device.id;
    expect((await dismiss(`deviceId=${deviceId}&type=TAMPER`, ctx.employee.token)).statusCode).toBe(
      403,
    );
    const before = await lastEventId(ctx);
    expect((await dismiss(`deviceId=${deviceId}&type=TAMPER`)).statusCode).toBe(204);
    expect(await eventsAfter(ctx, before)).toEqual([
      { type: 'technical-alarm-cleared', data: { type: 'TAMPER', deviceId } },
    ]);
    expect(
      (await list())
        .filter((a) => a.device.id === deviceId)
        .map((a) => a.type)
        .sort(),
    ).toEqual(['LOW_BATTERY', 'POWER_FAILURE']);
    expect((await dismiss(`deviceId=${deviceId}&type=TAMPER`)).statusCode).toBe(404);
    // Without a type: a deleted device's SOS, as before; this device has none.
    expect((await dismiss(`deviceId=${deviceId}`)).statusCode).toBe(404);
    for (const type of ['DEVICE_OFFLINE', 'low_battery', 'X'])
      expect((await dismiss(`deviceId=${deviceId}&type=${type}`)).statusCode).toBe(400);
    expect(await eventsAfter(ctx, before)).toHaveLength(1);
  });

  it('a deleted device’s own reports leave the list', async () => {
    await report('AA02', [technical('LOW_BATTERY')]);
    const [alarm] = (await list()).filter((a) => a.device.serial === 'DC09-0-AA02');
    await ctx.app.inject({
      method: 'DELETE',
      url: `${apiPath('deviceDelete')}?id=${alarm!.device.id}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect((await list()).filter((a) => a.device.serial === 'DC09-0-AA02')).toEqual([]);
  });
});
