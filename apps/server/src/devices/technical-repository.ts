import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type TechnicalAlarm } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices, sos, technicalAlarms } from '../db/schema.js';
import { writeWithEvent } from '../live/outbox.js';
import { toDeviceJson } from './json.js';

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

/** Clears a device's stored technical alarms, in a restore's transaction (its event says so). */
export async function clearTechnicalAlarms(db: Tx, deviceId: number): Promise<void> {
  await db
    .update(technicalAlarms)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(technicalAlarms.deviceId, deviceId), isNull(technicalAlarms.clearedAt)));
}

/**
 * A super administrator's "Ignora": clears the device's stored alarm and tells every console
 * (`device-deleted-sos-dismissed`), in one statement. Answers false when none was standing.
 */
export async function dismissTechnicalAlarm(db: Db, deviceId: number): Promise<boolean> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.deviceDeletedSosDismissed,
    sql`cleared AS (
      UPDATE technical_alarms SET cleared_at = now()
      WHERE device_id = ${deviceId} AND cleared_at IS NULL
      RETURNING device_id
    ),
    source AS (SELECT json_build_object('id', device_id)::text AS data FROM cleared LIMIT 1)`,
  );
  return data !== undefined;
}
