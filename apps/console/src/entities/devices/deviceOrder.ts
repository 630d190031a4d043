import { compareDashboardOrder, deviceNameSortKey, type Device } from '@sos/contract';

/*
 * Dashboard order (docs/console.md): compareDashboardOrder, the rule getAll sorts by too.
 * It is total, so every device has exactly one place, found by binary search. A live event
 * moves one device in O(log n) comparisons plus one array copy, instead of re-sorting 10,000
 * devices.
 */

export type DeviceLookup = (id: number) => Device | undefined;

// A name's key (normalization, regular expressions) once per device value, not per comparison:
// a load of 100,000 devices compares about 1.7 million pairs. Weak: replaced values go with it.
const nameKeys = new WeakMap<Device, string>();

function nameKeyOf(device: Device): string {
  let key = nameKeys.get(device);
  if (key === undefined) {
    key = deviceNameSortKey(device.displayName);
    nameKeys.set(device, key);
  }
  return key;
}

const compareDevices = (a: Device, b: Device): number => compareDashboardOrder(a, b, nameKeyOf);

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

/** A full sort, for a freshly loaded list: each key beside its device, not looked up per comparison. */
export function sortDeviceIds(devices: readonly Device[]): number[] {
  return devices
    .map((device) => ({
      id: device.id,
      displayName: device.displayName,
      lastSos: device.lastSos,
      key: nameKeyOf(device),
    }))
    .sort((a, b) => compareDashboardOrder(a, b, (entry) => entry.key))
    .map((entry) => entry.id);
}

export const hasOpenSos = (device: Device | undefined): boolean =>
  device?.lastSos?.state === 'OPEN';
