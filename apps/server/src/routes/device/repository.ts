import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos } from '../../db/schema.js';
import { appendEvent } from '../../live/outbox.js';
import { closeOpenSos, type Closer } from '../sos/close.js';
import { toDeviceJson } from './json.js';

/**
 * The visible devices with their open SOS, in one query (the partial unique index
 * guarantees at most one open SOS, hence one row, per device). Spec §3 order: devices
 * with an open SOS first, newest first; then the others by name.
 */
export async function listDevices(db: Tx): Promise<Device[]> {
  const rows = await db
    .select({ device: devices, open: sos })
    .from(devices)
    .leftJoin(sos, and(eq(sos.deviceId, devices.id), eq(sos.state, 'OPEN')))
    .where(isNull(devices.deletedAt))
    .orderBy(
      sql`${sos.id} IS NULL`,
      desc(sos.createdAt),
      desc(sos.id),
      sql`lower(${devices.displayName})`,
      asc(devices.id),
    );
  return rows.map((row) => toDeviceJson(row.device, row.open));
}

/**
 * Hides a device and closes its open SOS (so the alarm stops), with their live events,
 * in one transaction. Returns false when there is no such visible device.
 */
export async function softDeleteDevice(db: Db, id: number, closer: Closer): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locks the device row: a concurrent SOS call of this device waits, then sees it deleted.
    const [device] = await tx
      .update(devices)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .returning({ id: devices.id });
    if (!device) return false;
    await closeOpenSos(tx, sql`sos.device_id = ${id}`, closer);
    await appendEvent(tx, LIVE_EVENTS.deviceDeleted, { id });
    return true;
  });
}
