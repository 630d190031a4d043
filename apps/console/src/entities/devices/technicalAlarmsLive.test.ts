import { describe, expect, it } from 'vitest';
import type { Device, TechnicalAlarm } from '@sos/contract';
import { device } from '../../test/testKit.js';
import { applyToAlarms } from './technicalAlarmsLive.js';

const monitored = (id: number, online: boolean): Device => ({
  ...device(id, `Dev ${id}`),
  online,
  batteryPct: 50,
  lastSeenAt: '2025-01-01T09:15:00.000Z',
});
const now = new Date('2025-01-01T10:00:00.000Z');

describe('the technical alarm list follows the live events', () => {
  it('lists an offline device since its last contact, and drops it when heard again', () => {
    const offline = applyToAlarms([], { name: 'device-offline', data: monitored(1, false) }, now)!;
    expect(offline).toEqual([
      { type: 'DEVICE_OFFLINE', device: monitored(1, false), since: '2025-01-01T09:15:00.000Z' },
    ]);
    expect(
      applyToAlarms(offline, { name: 'device-online', data: monitored(1, true) }, now),
    ).toEqual([]);
  });

  it('adds a deleted device’s SOS once, and a restore clears it', () => {
    const event = { name: 'device-deleted-sos', data: device(2, 'Cucina') } as const;
    const once = applyToAlarms([], event, now)!;
    expect(once).toEqual([
      { type: 'DELETED_DEVICE_SOS', device: device(2, 'Cucina'), since: now.toISOString() },
    ]);
    expect(applyToAlarms(once, event, now)).toBeNull();
    expect(
      applyToAlarms(once, { name: 'device-registered', data: device(2, 'Cucina') }, now),
    ).toEqual([]);
  });

  it('drops a deleted device’s SOS that a super administrator dismissed, on every console', () => {
    const offline: TechnicalAlarm = {
      type: 'DEVICE_OFFLINE',
      device: monitored(1, false),
      since: now.toISOString(),
    };
    const deleted = applyToAlarms(
      [offline],
      { name: 'device-deleted-sos', data: device(2, 'Cucina') },
      now,
    )!;
    expect(deleted).toHaveLength(2);
    expect(
      applyToAlarms(deleted, { name: 'device-deleted-sos-dismissed', data: { id: 2 } }, now),
    ).toEqual([offline]);
  });

  it('sets and clears what a device reports, one line per device and type', () => {
    const battery: TechnicalAlarm = {
      type: 'LOW_BATTERY',
      device: monitored(3, true),
      since: '2025-01-01T09:30:00.000Z',
    };
    const tamper: TechnicalAlarm = { ...battery, type: 'TAMPER' };
    let alarms = applyToAlarms([], { name: 'technical-alarm', data: battery }, now)!;
    alarms = applyToAlarms(alarms, { name: 'technical-alarm', data: tamper }, now)!;
    expect(applyToAlarms(alarms, { name: 'technical-alarm', data: battery }, now)).toEqual([
      tamper,
      battery,
    ]);
    expect(
      applyToAlarms(
        alarms,
        { name: 'technical-alarm-cleared', data: { type: 'LOW_BATTERY', deviceId: 3 } },
        now,
      ),
    ).toEqual([tamper]);
    const renamed = { ...monitored(3, true), displayName: 'Casa Rossi' };
    expect(applyToAlarms([battery], { name: 'device-renamed', data: renamed }, now)).toEqual([
      { ...battery, device: renamed },
    ]);
    // A deleted device's own reports leave with it.
    expect(applyToAlarms(alarms, { name: 'device-deleted', data: { id: 3 } }, now)).toEqual([]);
  });

  it('ignores the SOS events', () => {
    const alarms: TechnicalAlarm[] = [];
    expect(applyToAlarms(alarms, { name: 'resync', data: { reason: 'x' } }, now)).toBeNull();
  });
});
