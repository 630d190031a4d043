import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TechnicalAlarm } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos, technicalAlarms } from '../../db/schema.js';
import { toDeviceJson } from '../device/json.js';

const openSos = and(eq(sos.deviceId, devices.id), eq(sos.state, 'OPEN'));

/**
 * The technical alarms standing now (DESIGN §6), oldest first: visible devices that are
 * offline (since their last contact) and the stored SOS of deleted devices.
 */
export async function listTechnicalAlarms(db: Tx): Promise<TechnicalAlarm[]> {
  const offline = await db
    .select({ device: devices, open: sos })
    .from(devices)
    .leftJoin(sos, openSos)
    .where(and(eq(devices.online, false), isNull(devices.deletedAt)))
    .orderBy(asc(devices.lastSeenAt), asc(devices.id));
  const deleted = await db
    .select({ device: devices, since: technicalAlarms.since })
    .from(technicalAlarms)
    .innerJoin(devices, eq(devices.id, technicalAlarms.deviceId))
    .where(isNull(technicalAlarms.clearedAt))
    .orderBy(asc(technicalAlarms.since), asc(technicalAlarms.id));
  return [
    ...offline.map((row) => ({
      type: 'DEVICE_OFFLINE' as const,
      device: toDeviceJson(row.device, row.open),
      since: (row.device.lastSeenAt ?? row.device.createdAt).toISOString(),
    })),
    ...deleted.map((row) => ({
      type: 'DELETED_DEVICE_SOS' as const,
      device: toDeviceJson(row.device, null),
      since: row.since.toISOString(),
    })),
  ];
}

/** Clears a device's stored technical alarms (a dismissal or a restore); answers how many. */
export async function clearTechnicalAlarms(db: Tx, deviceId: number): Promise<number> {
  const cleared = await db
    .update(technicalAlarms)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(technicalAlarms.deviceId, deviceId), isNull(technicalAlarms.clearedAt)))
    .returning({ id: technicalAlarms.id });
  return cleared.length;
}

export const dismissTechnicalAlarm = (db: Db, deviceId: number) => clearTechnicalAlarms(db, deviceId);
