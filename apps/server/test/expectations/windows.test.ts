import { describe, expect, it } from 'vitest';
import { CHECK_IN_DAYS, type CheckInWindow } from '@sos/contract';
import { nextCheckInSlot } from '../../src/expectations/windows.js';

const ROME = 'Europe/Rome';
const EVERY_DAY = [...CHECK_IN_DAYS];
const window = (
  from: string,
  to: string,
  days: CheckInWindow['days'] = EVERY_DAY,
): CheckInWindow => ({ days, from, to });

/** Every occurrence from `start` on, following each end (as the engine does), until `until`. */
function occurrences(windows: CheckInWindow[], start: string, until: string) {
  const ends: string[] = [];
  let after = new Date(start);
  for (;;) {
    const slot = nextCheckInSlot(windows, ROME, after);
    if (!slot || slot.end >= new Date(until)) return ends;
    ends.push(`${slot.start.toISOString()} ${slot.end.toISOString()}`);
    after = slot.end;
  }
}

describe('check-in windows in Europe/Rome (docs/expected-events.md)', () => {
  it('ends each window at its wall-clock time, in summer and in winter', () => {
    expect(
      occurrences([window('08:00', '10:00')], '2026-07-01T00:00:00Z', '2026-07-03T00:00:00Z'),
    ).toEqual([
      '2026-07-01T06:00:00.000Z 2026-07-01T08:00:00.000Z',
      '2026-07-02T06:00:00.000Z 2026-07-02T08:00:00.000Z',
    ]);
    expect(
      occurrences([window('08:00', '10:00')], '2026-01-10T00:00:00Z', '2026-01-11T12:00:00Z'),
    ).toEqual([
      '2026-01-10T07:00:00.000Z 2026-01-10T09:00:00.000Z',
      '2026-01-11T07:00:00.000Z 2026-01-11T09:00:00.000Z',
    ]);
  });

  it('29 March 2026 (02:00–03:00 does not exist): one window a day, none skipped or doubled', () => {
    // A window across the gap, a window inside it, a morning window: the days around the change.
    const windows = [window('01:30', '03:30'), window('08:00', '10:00')];
    expect(occurrences(windows, '2026-03-28T00:00:00Z', '2026-03-30T12:00:00Z')).toEqual([
      '2026-03-28T00:30:00.000Z 2026-03-28T02:30:00.000Z', // CET, +01:00
      '2026-03-28T07:00:00.000Z 2026-03-28T09:00:00.000Z',
      '2026-03-29T00:30:00.000Z 2026-03-29T01:30:00.000Z', // 01:30 CET → 03:30 CEST: one hour long
      '2026-03-29T06:00:00.000Z 2026-03-29T08:00:00.000Z', // CEST, +02:00
      '2026-03-29T23:30:00.000Z 2026-03-30T01:30:00.000Z',
      '2026-03-30T06:00:00.000Z 2026-03-30T08:00:00.000Z',
    ]);
    // 02:15–02:45 that day: both ends move forward by the gap, the window still happens once.
    expect(
      occurrences([window('02:15', '02:45')], '2026-03-29T00:00:00Z', '2026-03-30T00:00:00Z'),
    ).toEqual(['2026-03-29T01:15:00.000Z 2026-03-29T01:45:00.000Z']);
  });

  it('25 October 2026 (02:00–03:00 happens twice): one window a day, none skipped or doubled', () => {
    const windows = [
      window('01:30', '03:30'),
      window('02:15', '02:45', ['SUN']),
      window('08:00', '10:00'),
    ];
    expect(occurrences(windows, '2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')).toEqual([
      '2026-10-25T01:15:00.000Z 2026-10-25T01:45:00.000Z', // 02:15–02:45 CET: luxon takes the second passage
      '2026-10-24T23:30:00.000Z 2026-10-25T02:30:00.000Z', // 01:30 CEST → 03:30 CET: three hours long
      '2026-10-25T07:00:00.000Z 2026-10-25T09:00:00.000Z', // CET, +01:00
      '2026-10-26T00:30:00.000Z 2026-10-26T02:30:00.000Z',
      '2026-10-26T07:00:00.000Z 2026-10-26T09:00:00.000Z',
    ]);
  });

  it('keeps to the days named, and the window under way counts', () => {
    const monday = [window('08:00', '10:00', ['MON'])];
    // Friday 2026-11-27 → the next Monday, 30 November.
    expect(nextCheckInSlot(monday, ROME, new Date('2026-11-27T12:00:00Z'))?.end.toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    // Monday at 09:00 Rome: the window under way, with its label.
    expect(nextCheckInSlot(monday, ROME, new Date('2026-11-30T08:00:00Z'))).toEqual({
      start: new Date('2026-11-30T07:00:00Z'),
      end: new Date('2026-11-30T09:00:00Z'),
      label: '08:00–10:00',
    });
    expect(nextCheckInSlot([], ROME, new Date())).toBeNull();
  });
});
