import type { DeviceContact } from '@sos/contract';
import { deviceIn, withDevice, type DeviceTable } from './deviceTable.js';

/**
 * The table with the devices' health as the server has it now (docs/shift.md). Health
 * never moves a card (the order does not depend on it), so the order is left alone; a
 * device whose health did not change keeps its object and its card does not re-render.
 */
export function withContacts(table: DeviceTable, contacts: readonly DeviceContact[]): DeviceTable {
  let next = table;
  for (const { id, lastSeenAt, online, batteryPct } of contacts) {
    const device = deviceIn(next, id);
    if (!device) continue;
    if (
      device.lastSeenAt === lastSeenAt &&
      device.online === online &&
      device.batteryPct === batteryPct
    )
      continue;
    next = withDevice(next, id, { ...device, lastSeenAt, online, batteryPct });
  }
  return next;
}
