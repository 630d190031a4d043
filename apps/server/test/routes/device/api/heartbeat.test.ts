import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPath, deviceSchema } from '@sos/contract';
import { devices } from '../../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import {
  deleteDevice,
  deviceHeaders,
  eventsAfter,
  heartbeat,
  lastEventId,
  register,
} from '../fixtures.js';

describeOnOneDb('POST /api/device/heartbeat', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const lastSeen = async (id: number) => {
    const [row] = await ctx.database.db
      .select({ lastSeenAt: devices.lastSeenAt })
      .from(devices)
      .where(eq(devices.id, id));
    return row?.lastSeenAt ?? null;
  };

  it('answers 204 with no body and records the last contact, without a live event', async () => {
    const device = deviceSchema.parse((await register(ctx, 'hb-1')).json());
    // Make the previous contact old, so the heartbeat's update is visible.
    await ctx.database.db
      .update(devices)
      .set({ lastSeenAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(devices.id, device.id));
    const before = await lastEventId(ctx);
    const res = await heartbeat(ctx, 'hb-1');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await lastSeen(device.id))!.getTime()).toBeGreaterThan(
      Date.parse('2021-01-01T00:00:00Z'),
    );
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('refuses an unknown serial with 404', async () => {
    const res = await heartbeat(ctx, 'hb-unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/register/),
    });
  });

  it('refuses a deleted device with 403 and leaves its last contact alone', async () => {
    const device = deviceSchema.parse((await register(ctx, 'hb-deleted')).json());
    await deleteDevice(ctx, device.id);
    const seen = await lastSeen(device.id);
    const res = await heartbeat(ctx, 'hb-deleted');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DEVICE_DELETED');
    expect(await lastSeen(device.id)).toEqual(seen);
  });

  it.each([
    ['a missing body', undefined],
    ['a boolean serial', { serial: true }],
    ['an empty serial', { serial: '' }],
    ['a serial too long', { serial: 'h'.repeat(65) }],
    ['a serial with spaces inside', { serial: 'h b' }],
  ])('refuses %s with 400', async (_name, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiPath('deviceHeartbeat'),
      headers: deviceHeaders(ctx),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });
});
