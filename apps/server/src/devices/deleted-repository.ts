import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { LIVE_EVENTS, type DeletedDevice, type Device } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { appendEvent } from '../live/outbox.js';
import { toDeviceJson } from './json.js';
import { clearTechnicalAlarms } from './technical-repository.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';

/** Deleted devices, most recently deleted first (their SOS were closed by the delete). */
export async function listDeletedDevices(db: Tx): Promise<DeletedDevice[]> {
  const rows = await db
    .select()
    .from(devices)
    .where(isNotNull(devices.deletedAt))
    .orderBy(desc(devices.deletedAt), desc(devices.id));
  return rows.map((row) => ({
    ...toDeviceJson(row, null),
    deletedAt: row.deletedAt!.toISOString(),
  }));
}

/**
 * Brings a deleted device back with its history and profile (both were kept), clears its
 * technical alarms and announces it (`device-registered`). undefined: no such deleted device.
 */
export async function restoreDevice(db: Db, id: number, by: AuditBy): Promise<Device | undefined> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const [row] = await tx
      .update(devices)
      .set({ deletedAt: null })
      .where(and(eq(devices.id, id), isNotNull(devices.deletedAt)))
      .returning();
    if (!row) return undefined;
    await clearTechnicalAlarms(tx, id);
    const json = toDeviceJson(row, null);
    await appendEvent(tx, LIVE_EVENTS.deviceRegistered, json);
    await appendAudit(tx, {
      by,
      action: 'DEVICE_RESTORED',
      target: deviceTarget({ id, name: row.displayName }),
    });
    return json;
  });
}
