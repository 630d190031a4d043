import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveEventReceived, type LiveEvent } from '../live/liveEvents.js';
import { sosCloseStarted } from './deviceActions.js';
import { devicesSlice } from './devicesSlice.js';
import { sortDeviceIds } from './deviceOrder.js';
import { devicesIn } from './deviceTable.js';
import { device, sos } from '../../test/testKit.js';

describe('dashboard order (docs/console.md)', () => {
  it('sorts names without case or accents, numbers by value, other characters by code point: as getAll', () => {
    // The same expectation as the server's (apps/server/test/devices/list-order.test.ts).
    const given = [
      'Zulu',
      'alfa',
      'Bravo 10',
      'Bravo 2',
      'ñandú',
      'Èco',
      'x',
      'Bravo 02',
      'Ärger',
      'Zulu 😀',
      'Zulu \uE000',
      'bravo 9',
    ];
    const devices = given.map((name, i) => device(i + 1, name));
    const names = sortDeviceIds(devices).map((id) => given[id - 1]);
    expect(names).toEqual([
      'alfa',
      'Ärger',
      'Bravo 2',
      'Bravo 02',
      'bravo 9',
      'Bravo 10',
      'Èco',
      'ñandú',
      'x',
      'Zulu',
      'Zulu \uE000',
      'Zulu 😀',
    ]);
  });

  it('puts open SOS first, newest first; of one time, the newer SOS first', () => {
    const at = '2025-03-01T10:00:00.000Z';
    const devices = [
      device(1, 'Alfa'),
      device(2, 'Bravo', sos(2, 'Bravo', at, 5)),
      device(3, 'Charlie', sos(3, 'Charlie', at, 6)),
    ];
    devices.push(device(4, 'Delta', sos(4, 'Delta', '2025-03-01T11:00:00.000Z', 1)));
    expect(sortDeviceIds(devices)).toEqual([4, 3, 2, 1]);
  });
});

// Few ids, names and times, so ties and repeated events are frequent.
const id = fc.integer({ min: 1, max: 12 });
const name = fc.constantFrom('Alfa', 'alfa', 'Bravo', 'Device 2', 'Device 10', 'Zulu', 'Ärger');
const time = fc.constantFrom(
  '2025-03-01T10:00:00Z',
  '2025-03-01T10:00:00Z',
  '2025-03-01T12:00:00+02:00',
  '2025-03-02T08:30:00Z',
);
const sosId = fc.integer({ min: 1, max: 6 });

const event: fc.Arbitrary<LiveEvent> = fc.oneof(
  fc
    .record({ id, name })
    .map(({ id, name }) => ({ name: 'device-registered' as const, data: device(id, name) })),
  fc
    .record({ id, name })
    .map(({ id, name }) => ({ name: 'device-renamed' as const, data: device(id, name) })),
  id.map((id) => ({ name: 'device-deleted' as const, data: { id } })),
  fc.record({ id, time, sosId }).map(({ id, time, sosId }) => ({
    name: 'new-sos' as const,
    data: sos(id, 'any', time, sosId),
  })),
  fc.record({ id, sosId }).map(({ id, sosId }) => ({
    name: 'new-sos-closed' as const,
    data: { ...sos(id, 'any', '2025-03-01T10:00:00Z', sosId), state: 'CLOSED' as const },
  })),
);

describe('incremental device order', () => {
  it('always equals a full sort, whatever the sequence of events', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(event, fc.record({ id, sosId })), { maxLength: 60 }),
        (steps) => {
          let state = devicesSlice.reducer(undefined, { type: 'init' });
          for (const step of steps) {
            const action =
              'name' in step
                ? liveEventReceived(step)
                : sosCloseStarted({ deviceId: step.id, sosId: step.sosId });
            state = devicesSlice.reducer(state, action);
          }
          const devices = devicesIn(state.entities);
          expect(state.order).toEqual(sortDeviceIds(devices));
          expect(state.order).toHaveLength(devices.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
