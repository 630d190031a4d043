import { and, inArray, isNull } from 'drizzle-orm';
import type { DeviceContact } from '@sos/contract';
import type { Db } from '../db/client.js';
import { devices } from '../db/schema.js';
import { iso } from '../sos/json.js';

/**
 * The last contact, online state and battery of the visible devices among `ids` (unknown or
 * deleted ones are left out): what the console polls for the cards on screen, since no live
 * event carries a heartbeat (docs/shift.md). By primary key: a few dozen rows at most.
 */
export async function findContacts(db: Db, ids: readonly number[]): Promise<DeviceContact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      lastSeenAt: devices.lastSeenAt,
      online: devices.online,
      batteryPct: devices.batteryPct,
    })
    .from(devices)
    .where(and(inArray(devices.id, [...ids]), isNull(devices.deletedAt)))
    .orderBy(devices.id);
  return rows.map((row) => ({ ...row, lastSeenAt: row.lastSeenAt ? iso(row.lastSeenAt) : null }));
}
