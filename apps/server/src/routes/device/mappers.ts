import type { Device, Sos } from '@sos/contract';
import type { devices, sos } from '../../db/schema.js';

export type DeviceRow = typeof devices.$inferSelect;
export type SosRow = typeof sos.$inferSelect;
/** The part of a device an SOS carries (kept for soft-deleted devices). */
export type DeviceRef = Pick<DeviceRow, 'id' | 'displayName'>;

const iso = (date: Date) => date.toISOString();

/**
 * One SOS as the contract's sosSchema. Shared by the console routes, the device API and
 * the live stream, so an SOS looks the same wherever the console receives it.
 */
export function toSosJson(row: SosRow, device: DeviceRef): Sos {
  return {
    id: row.id,
    state: row.state,
    dateCreated: iso(row.createdAt),
    lastUpdated: iso(row.updatedAt),
    dateClosed: row.closedAt ? iso(row.closedAt) : null,
    // The username is copied at closing time: it survives the user's deletion.
    closedBy:
      row.closedByUsername === null
        ? null
        : { id: row.closedById, username: row.closedByUsername },
    device: { id: device.id, displayName: device.displayName },
  };
}

/** One device as the contract's deviceSchema; lastSos is its open SOS, if any. */
export function toDeviceJson(row: DeviceRow, openSos: SosRow | null): Device {
  return {
    id: row.id,
    serial: row.serial,
    displayName: row.displayName,
    lastSos: openSos && openSos.state === 'OPEN' ? toSosJson(openSos, row) : null,
    dateCreated: iso(row.createdAt),
    lastSeenAt: row.lastSeenAt ? iso(row.lastSeenAt) : null,
  };
}
