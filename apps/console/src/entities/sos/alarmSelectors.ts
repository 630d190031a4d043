import type { Device } from '@sos/contract';
import { hasOpenSos } from '../devices/deviceOrder.js';
import { selectDeviceById, selectOrder } from '../devices/devicesSlice.js';

type WithDevices = Parameters<typeof selectOrder>[0];

/** An OPEN SOS nobody has taken charge of: the alarm rings for it (docs/alarm-handling.md). */
const isUnhandled = (device: Device | undefined): boolean =>
  hasOpenSos(device) && !device?.lastSos?.acknowledgedBy;

/**
 * How many open SOS nobody has taken charge of. Open SOS lead the order, so counting
 * stops at the first device without one (a few steps, not 10,000); a number, so its
 * readers re-render only when it changes.
 */
export function selectUnhandledCount(state: WithDevices): number {
  const order = selectOrder(state);
  let count = 0;
  for (const id of order) {
    const device = selectDeviceById(state, id);
    if (!hasOpenSos(device)) break;
    if (isUnhandled(device)) count += 1;
  }
  return count;
}

export const selectAnyUnhandled = (state: WithDevices): boolean => selectUnhandledCount(state) > 0;

/**
 * How many SOS are OPEN, acknowledged included: the tab title's count (docs/shift.md).
 * Open SOS lead the order, so counting stops at the first device without one.
 */
export function selectOpenCount(state: WithDevices): number {
  let count = 0;
  for (const id of selectOrder(state)) {
    if (!hasOpenSos(selectDeviceById(state, id))) break;
    count += 1;
  }
  return count;
}
