import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type TechnicalAlarm, type TechnicalAlarmDismissQuery } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices, sos, technicalAlarms } from '../db/schema.js';
import { writeWithEvent } from '../live/outbox.js';
import { toDeviceJson } from './json.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';

const openSos = and(eq(sos.deviceId, devices.id), eq(sos.state, 'OPEN'));

/**
 * The technical alarms standing now, oldest first: visible devices that are offline (since
 * their last contact), then the stored ones: the SOS of deleted devices, and what visible
 * devices reported of themselves (low battery, power failure, tamper; docs/alarm-kinds.md).
 */
export async function listTechnicalAlarms(db: Tx): Promise<TechnicalAlarm[]> {
  const offline = await db
    .select({ device: devices, open: sos })
    .from(devices)
    .leftJoin(sos, openSos)
    .where(and(eq(devices.online, false), isNull(devices.deletedAt)))
    .orderBy(asc(devices.lastSeenAt), asc(devices.id));
  const stored = await db
    .select({
      device: devices,
      open: sos,
      type: technicalAlarms.type,
      since: technicalAlarms.since,
    })
    .from(technicalAlarms)
    .innerJoin(devices, eq(devices.id, technicalAlarms.deviceId))
    .leftJoin(sos, openSos)
    .where(
      and(
        isNull(technicalAlarms.clearedAt),
        // A deleted device's own reports no longer matter; its refused SOS does.
        or(eq(technicalAlarms.type, 'DELETED_DEVICE_SOS'), isNull(devices.deletedAt)),
      ),
    )
    .orderBy(asc(technicalAlarms.since), asc(technicalAlarms.id));
  return [
    ...offline.map((row) => ({
      type: 'DEVICE_OFFLINE' as const,
      device: toDeviceJson(row.device, row.open),
      since: (row.device.lastSeenAt ?? row.device.createdAt).toISOString(),
    })),
    ...stored.map((row) => ({
      type: row.type,
      device: toDeviceJson(row.device, row.type === 'DELETED_DEVICE_SOS' ? null : row.open),
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
 * A super administrator's "Ignora": clears the device's stored alarm of that type and tells
 * every console, in one statement: `device-deleted-sos-dismissed` `{id}` for a deleted device's
 * SOS (the type when none is given, as before devices reported their own), else
 * `technical-alarm-cleared` `{type, deviceId}`. Answers false when none was standing.
 */
export async function dismissTechnicalAlarm(
  db: Db,
  { deviceId, type = 'DELETED_DEVICE_SOS' }: TechnicalAlarmDismissQuery,
  by: AuditBy,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    if (!(await clearAndAnnounce(tx, deviceId, type))) return false;
    const [device] = await tx
      .select({ name: devices.displayName })
      .from(devices)
      .where(eq(devices.id, deviceId));
    await appendAudit(tx, {
      by,
      action: 'TECHNICAL_ALARM_DISMISSED',
      target: deviceTarget({ id: deviceId, name: device?.name ?? '' }),
    });
    return true;
  });
}

/** Clears the stored alarm and writes its event, in one statement; false when none stood. */
async function clearAndAnnounce(tx: Tx, deviceId: number, type: string): Promise<boolean> {
  const deletedSos = type === 'DELETED_DEVICE_SOS';
  const data = await writeWithEvent(
    tx,
    deletedSos ? LIVE_EVENTS.deviceDeletedSosDismissed : LIVE_EVENTS.technicalAlarmCleared,
    sql`cleared AS (
      UPDATE technical_alarms SET cleared_at = now()
      WHERE device_id = ${deviceId} AND type = ${type} AND cleared_at IS NULL
      RETURNING device_id
    ),
    source AS (SELECT ${
      deletedSos
        ? sql`json_build_object('id', device_id)`
        : sql`json_build_object('type', ${type}::text, 'deviceId', device_id)`
    }::text AS data FROM cleared LIMIT 1)`,
  );
  return data !== undefined;
}
