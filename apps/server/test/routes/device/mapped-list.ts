import { and, eq, isNull } from 'drizzle-orm';
import { compareDashboardOrder, type Device } from '@sos/contract';
import type { Tx } from '../../../src/db/client.js';
import { devices, sos } from '../../../src/db/schema.js';
import { toDeviceJson } from '../../../src/devices/json.js';

/**
 * The oracle of getAll's list (repository.ts listDevicesJson, written by the database): the
 * visible devices with their open SOS, mapped row by row with toDeviceJson as the live events
 * carry them, in the dashboard order as the console computes it (compareDashboardOrder,
 * docs/console.md), from the names themselves, not the stored keys.
 */
export async function listDevicesMapped(db: Tx): Promise<Device[]> {
  const rows = await db
    .select({ device: devices, open: sos })
    .from(devices)
    .leftJoin(sos, and(eq(sos.deviceId, devices.id), eq(sos.state, 'OPEN')))
    .where(isNull(devices.deletedAt));
  return rows
    .map((row) => toDeviceJson(row.device, row.open))
    .sort((a, b) => compareDashboardOrder(a, b));
}
