import type { Device } from '@sos/contract';

/*
 * Dashboard order (docs/console.md): devices with an open SOS first, newest SOS first, then the
 * others by name. Ties end on the id, so the order is total: every device has exactly one
 * place, found by binary search. A live event moves one device in O(log n) comparisons
 * plus one array copy, instead of re-sorting 10,000 devices.
 */

export type DeviceLookup = (id: number) => Device | undefined;

// Numeric so 'Device 2' comes before 'Device 10'; base sensitivity so case does not split names.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The open SOS's creation time, or null when the device has no open SOS. */
function openSince(device: Device): number | null {
  if (device.lastSos?.state !== 'OPEN') return null;
  const time = Date.parse(device.lastSos.dateCreated);
  return Number.isNaN(time) ? 0 : time;
}

export function compareDevices(a: Device, b: Device): number {
  const ta = openSince(a);
  const tb = openSince(b);
  if (ta !== null || tb !== null) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    if (ta !== tb) return tb - ta;
  }
  return collator.compare(a.displayName, b.displayName) || a.id - b.id;
}

/** The first index whose device does not sort before `device`. */
function lowerBound(order: readonly number[], device: Device, lookup: DeviceLookup): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const other = lookup(order[mid] as number);
    if (other && compareDevices(other, device) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Removes `device` (as it was when placed) from a sorted id list, in place. */
export function removeSorted(order: number[], device: Device, lookup: DeviceLookup): void {
  const at = lowerBound(order, device, lookup);
  // The binary search finds it unless the list was built with different data; stay correct anyway.
  const index = order[at] === device.id ? at : order.indexOf(device.id);
  if (index >= 0) order.splice(index, 1);
}

/** Inserts `device` (as it is now) into a sorted id list, in place. */
export function insertSorted(order: number[], device: Device, lookup: DeviceLookup): void {
  order.splice(lowerBound(order, device, lookup), 0, device.id);
}

/** A full sort, for a freshly loaded list. */
export function sortDeviceIds(devices: readonly Device[]): number[] {
  return [...devices].sort(compareDevices).map((device) => device.id);
}

export const hasOpenSos = (device: Device | undefined): boolean =>
  device?.lastSos?.state === 'OPEN';
