import type { AlarmKind, Device } from '@sos/contract';
import { describe, expect, it } from 'vitest';
import { device, sos } from '../../test/testKit.js';
import { urgentOrder } from './useShownOrder.js';

/** A device with an open SOS raised `minutesAgo`, of `kind`, acknowledged or not. */
function alert(id: number, minutesAgo: number, kind: AlarmKind, acknowledged = false): Device {
  const at = new Date(Date.UTC(2026, 10, 27, 12, 0) - minutesAgo * 60_000).toISOString();
  const open = { ...sos(id, `D${id}`, at, 100 + id), kind };
  return device(
    id,
    `D${id}`,
    acknowledged
      ? { ...open, acknowledgedAt: at, acknowledgedBy: { id: 9, username: 'maria' } }
      : open,
  );
}

// docs/alarm-handling.md "Close policy": URGENT = unacknowledged first, then kind severity, then oldest first.
describe('urgentOrder', () => {
  it('puts the oldest unhandled first among equals, unacknowledged before acknowledged, fire before panic', () => {
    const devices = [
      alert(1, 3, 'PANIC'), // newest: first in the spec's order
      alert(2, 10, 'PANIC', true), // in charge
      alert(3, 24, 'MEDICAL'), // the oldest unhandled medical alarm
      alert(4, 5, 'FIRE', true), // a fire, in charge
      alert(5, 8, 'MEDICAL'),
      alert(6, 12, 'PANIC'),
      device(7, 'Plain'),
    ];
    const byId = new Map(devices.map((d) => [d.id, d]));
    const newest = [1, 4, 5, 2, 6, 3, 7];
    expect(urgentOrder(newest, 6, (id) => byId.get(id))).toEqual([3, 5, 6, 1, 4, 2, 7]);
  });

  it('leaves the order as it is with fewer than two open SOS', () => {
    const order = [1, 7];
    expect(urgentOrder(order, 1, () => undefined)).toBe(order);
  });
});
