import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Device } from '@sos/contract';
import type { Tx } from '../../../src/db/client.js';
import { devices, sos } from '../../../src/db/schema.js';
import { toDeviceJson } from '../../../src/devices/json.js';

/**
 * The oracle of getAll's list (repository.ts listDevicesJson, written by the database): the
 * visible devices with their open SOS, mapped row by row with toDeviceJson as the live events
 * carry them. docs/console.md order: devices with an open SOS first, newest first; then by name.
 */
export async function listDevicesMapped(db: Tx): Promise<Device[]> {
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
