import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, deviceListSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { eventsAfter, lastEventId, raiseSos, register } from '../../routes/device/fixtures.js';
import { beat, setOfflineAfter, silentFor } from './fixtures.js';

describeEachDb('device health: battery, online and its transitions', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await setOfflineAfter(ctx.app.db, 10);
  });
  afterAll(async () => ctx.close());

  const listed = async (id: number) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: apiPath('deviceGetAll'),
      headers: ctx.bearer(ctx.employee.token),
    });
    return deviceListSchema.parse(res.json()).find((d) => d.id === id)!;
  };
  const types = async (before: number) => (await eventsAfter(ctx, before)).map((e) => e.type);

  it('is not monitored until its first heartbeat: online and batteryPct null, never swept', async () => {
    const device = (await register(ctx, 'h-new')).json<{
      id: number;
      online: null;
      batteryPct: null;
    }>();
    expect(device).toMatchObject({ online: null, batteryPct: null });
    await silentFor(ctx.app.db, device.id, 3600);
    const before = await lastEventId(ctx);
    expect(await ctx.app.offlineSweep.runNow()).toBe(0);
    expect(await raiseSos(ctx, 'h-new')).toMatchObject({ statusCode: 201 });
    expect(await listed(device.id)).toMatchObject({ online: null, batteryPct: null });
    expect(await types(before)).toEqual(['new-sos']);
  });

  it('records the battery; a heartbeat without one keeps the last', async () => {
    const { id } = (await register(ctx, 'h-bat')).json<{ id: number }>();
    expect((await beat(ctx, 'h-bat', 15)).statusCode).toBe(204);
    expect(await listed(id)).toMatchObject({ online: true, batteryPct: 15 });
    await beat(ctx, 'h-bat');
    expect(await listed(id)).toMatchObject({ online: true, batteryPct: 15 });
  });

  it.each([[-1], [101], [50.5], ['80'], [null]])(
    'refuses battery %j with 400 naming the field',
    async (battery) => {
      await register(ctx, 'h-badbat');
      const res = await beat(ctx, 'h-badbat', battery);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^body\.battery: /),
      });
    },
  );

  it('goes offline once when silent too long, and online once when heard again', async () => {
    const { id } = (await register(ctx, 'h-flap')).json<{ id: number }>();
    await beat(ctx, 'h-flap', 80);
    const before = await lastEventId(ctx);
    await silentFor(ctx.app.db, id, 9);
    expect(await ctx.app.offlineSweep.runNow()).toBe(0); // not yet
    await silentFor(ctx.app.db, id, 11);
    // (The app's own timer may sweep too: the events say what happened, once.)
    await ctx.app.offlineSweep.runNow();
    await ctx.app.offlineSweep.runNow();
    expect(await listed(id)).toMatchObject({ online: false, batteryPct: 80 });
    expect(await beat(ctx, 'h-flap', 79)).toMatchObject({ statusCode: 204 });
    await beat(ctx, 'h-flap', 79);
    const events = await eventsAfter(ctx, before);
    expect(events.map((e) => e.type)).toEqual(['device-offline', 'device-online']);
    expect(events[0]!.data).toMatchObject({ id, online: false, batteryPct: 80, lastSos: null });
    expect(events[1]!.data).toMatchObject({ id, online: true, batteryPct: 79 });
  });

  it('an SOS from an offline device is contact too: device-online, then new-sos', async () => {
    const { id } = (await register(ctx, 'h-sos')).json<{ id: number }>();
    await beat(ctx, 'h-sos');
    await silentFor(ctx.app.db, id, 60);
    await ctx.app.offlineSweep.runNow();
    const before = await lastEventId(ctx);
    expect((await raiseSos(ctx, 'h-sos')).statusCode).toBe(201);
    expect(await types(before)).toEqual(['device-online', 'new-sos']);
    expect(await listed(id)).toMatchObject({ online: true, lastSos: { state: 'OPEN' } });
  });

  it('the event of a device with an open SOS carries it, as the device list does', async () => {
    const { id } = (await register(ctx, 'h-open')).json<{ id: number }>();
    await beat(ctx, 'h-open');
    await raiseSos(ctx, 'h-open');
    await silentFor(ctx.app.db, id, 60);
    const before = await lastEventId(ctx);
    await ctx.app.offlineSweep.runNow();
    const [event] = await eventsAfter(ctx, before);
    expect(event).toEqual({ type: 'device-offline', data: await listed(id) });
  });
});
