import type { Device } from '@sos/contract';

/*
 * The devices by id, immutable, in buckets. One live event used to copy the whole table
 * ({ ...entities }): about 0.3 ms at 10,000 devices, but tens of milliseconds and a
 * dictionary-sized allocation per event at 100,000 (bench console-10k at 100,000 devices). Spread
 * over BUCKETS objects by id, a change copies the bucket list and one bucket of ~N/1024.
 */
const BUCKETS = 1024;
const MASK = BUCKETS - 1;

// Maps, not objects: sparse integer keys (id, id + 1024, ...) put an object's elements in
// dictionary mode, and filling 100,000 of them took 65 ms of the first card (load profile).
export type DeviceTable = readonly ReadonlyMap<number, Device>[];

export const EMPTY_TABLE: DeviceTable = Array.from({ length: BUCKETS }, () => new Map());

export const deviceIn = (table: DeviceTable, id: number): Device | undefined =>
  table[id & MASK]?.get(id);

/** A new table with `device` stored under `id`, or the id removed when `device` is undefined. */
export function withDevice(
  table: DeviceTable,
  id: number,
  device: Device | undefined,
): DeviceTable {
  const bucket = new Map(table[id & MASK]);
  if (device) bucket.set(id, device);
  else bucket.delete(id);
  const next = table.slice();
  next[id & MASK] = bucket;
  return next;
}

/** A table of a freshly loaded list. */
export function tableOf(devices: Iterable<Device>): DeviceTable {
  const buckets = Array.from({ length: BUCKETS }, () => new Map<number, Device>());
  for (const device of devices) buckets[device.id & MASK]?.set(device.id, device);
  return buckets;
}

/** Every device of the table (tests). */
export const devicesIn = (table: DeviceTable): Device[] =>
  table.flatMap((bucket) => [...bucket.values()]);
