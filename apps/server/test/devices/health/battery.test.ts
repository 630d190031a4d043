import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, technicalAlarmListSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { eventsAfter, heartbeat, lastEventId, register } from '../../routes/device/fixtures.js';

// docs/alarm-handling.md "Device health": "Batteria scarica" at ≤ 15 %, cleared above 20 %.
describeEachDb('LOW_BATTERY from a reported battery level', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const lowBattery = async (serial: string) => {
    const res = await ctx.app.inject({
      url: apiPath('alarmsTechnical'),
      headers: ctx.bearer(ctx.employee.token),
    });
    return technicalAlarmListSchema
      .parse(res.json())
      .filter((a) => a.device.serial === serial && a.type === 'LOW_BATTERY');
  };
  const beat = async (serial: string, battery?: number) => {
    const before = await lastEventId(ctx);
    expect((await heartbeat(ctx, serial, battery)).statusCode).toBe(204);
    return (await eventsAfter(ctx, before)).filter((e) => e.type.startsWith('technical-alarm'));
  };

  it('sets it at 15 % and below (once), keeps it up to 20 %, clears it above 20 %', async () => {
    const serial = 'battery-1';
    const deviceId = (await register(ctx, serial)).json<{ id: number }>().id;
    expect(await beat(serial, 16)).toEqual([]);
    expect(await lowBattery(serial)).toEqual([]);

    const set = await beat(serial, 11);
    expect(set).toMatchObject([
      {
        type: 'technical-alarm',
        data: { type: 'LOW_BATTERY', device: { id: deviceId, batteryPct: 11 } },
      },
    ]);
    expect(await lowBattery(serial)).toHaveLength(1);
    expect(await beat(serial, 15)).toEqual([]); // still low: set once
    expect(await beat(serial, 20)).toEqual([]); // not yet fine
    expect(await beat(serial)).toEqual([]); // no level: nothing said
    expect(await lowBattery(serial)).toHaveLength(1);

    expect(await beat(serial, 21)).toEqual([
      { type: 'technical-alarm-cleared', data: { type: 'LOW_BATTERY', deviceId } },
    ]);
    expect(await lowBattery(serial)).toEqual([]);
    expect(await beat(serial, 18)).toEqual([]); // between the thresholds: nothing
    expect(await beat(serial, 15)).toHaveLength(1); // low again
    expect(await lowBattery(serial)).toHaveLength(1);
  });

  it('takes a batch of heartbeats: only the devices that cross a threshold change', async () => {
    for (const serial of ['battery-a', 'battery-b', 'battery-c']) await register(ctx, serial);
    const before = await lastEventId(ctx);
    await Promise.all([
      heartbeat(ctx, 'battery-a', 9),
      heartbeat(ctx, 'battery-b', 90),
      heartbeat(ctx, 'battery-c', 17),
    ]);
    const events = (await eventsAfter(ctx, before)).filter((e) => e.type === 'technical-alarm');
    expect(events.map((e) => (e.data as { device: { serial: string } }).device.serial)).toEqual([
      'battery-a',
    ]);
    expect(await lowBattery('battery-b')).toEqual([]);
    expect(await lowBattery('battery-c')).toEqual([]);
  });
});
