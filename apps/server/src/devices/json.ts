import type { Device } from '@sos/contract';
import type { devices } from '../db/schema.js';
import { iso, toSosJson, type SosRow } from '../sos/json.js';

export type DeviceRow = typeof devices.$inferSelect;

/**
 * One device as the contract's deviceSchema; lastSos is its open SOS, if any. A device
 * carries its SOS, never the reverse: this room imports routes/sos, not back.
 */
export function toDeviceJson(row: DeviceRow, openSos: SosRow | null): Device {
  return {
    id: row.id,
    serial: row.serial,
    displayName: row.displayName,
    lastSos: openSos && openSos.state === 'OPEN' ? toSosJson(openSos, row) : null,
    dateCreated: iso(row.createdAt),
    lastSeenAt: row.lastSeenAt ? iso(row.lastSeenAt) : null,
    online: row.online,
    batteryPct: row.batteryPct,
  };
}
