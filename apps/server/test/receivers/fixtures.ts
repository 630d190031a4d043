import { eq } from 'drizzle-orm';
import { apiPath, sosSchema, sosTimelineSchema, technicalAlarmListSchema } from '@sos/contract';
import { devices, sos } from '../../src/db/schema.js';
import type { DeviceSignal, ReceivedMessage } from '../../src/receivers/signal.js';
import type { TestContext } from '../helpers/app.js';

let seq = 0;

/** A DC-09-like message of one device; each call a new repeat key unless one is given. */
export function message(
  account: string,
  signals: DeviceSignal[],
  repeatKey = `seq-${++seq}`,
): ReceivedMessage {
  return {
    protocol: 'DC09',
    serial: `DC09-0-${account}`,
    displayName: `DC-09 ${account}`,
    repeatKey,
    signals,
  };
}

export const alarm = (
  kind: Extract<DeviceSignal, { type: 'ALARM' }>['kind'],
  code: string | null,
  detail: string | null = null,
): DeviceSignal => ({
  type: 'ALARM',
  kind,
  code,
  detail,
});

export async function deviceBySerial(ctx: TestContext, serial: string) {
  const [row] = await ctx.database.db.select().from(devices).where(eq(devices.serial, serial));
  return row;
}

/** Every SOS of a device, as the API writes them (oldest first). */
export async function sosOf(ctx: TestContext, serial: string) {
  const device = await deviceBySerial(ctx, serial);
  if (!device) return [];
  const rows = await ctx.database.db
    .select({ id: sos.id })
    .from(sos)
    .where(eq(sos.deviceId, device.id))
    .orderBy(sos.id);
  return Promise.all(
    rows.map(async ({ id }) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${apiPath('sosTimeline')}?sosId=${id}`,
        headers: ctx.bearer(ctx.employee.token),
      });
      return { id, timeline: sosTimelineSchema.parse(res.json()) };
    }),
  );
}

/** The open SOS as the console lists it (GET /api/device/getAll). */
export async function openSosOf(ctx: TestContext, serial: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: apiPath('deviceGetAll'),
    headers: ctx.bearer(ctx.employee.token),
  });
  const device = (res.json() as Array<{ serial: string; lastSos: unknown }>).find(
    (d) => d.serial === serial,
  );
  return device?.lastSos ? sosSchema.parse(device.lastSos) : null;
}

export async function technicalAlarmsOf(ctx: TestContext, deviceId: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: apiPath('alarmsTechnical'),
    headers: ctx.bearer(ctx.employee.token),
  });
  return technicalAlarmListSchema.parse(res.json()).filter((a) => a.device.id === deviceId);
}
