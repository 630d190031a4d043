import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../entities/live/liveEvents.js';
import { chimesFor } from './technicalChime.js';

const device = { id: 7 } as never;
const ev = (name: string, data: unknown) => ({ name, data }) as LiveEvent;

describe('chimesFor: a technical alarm chimes once on every page', () => {
  it('chimes for a raise, not for its repeat; again once it cleared', () => {
    const raised = new Set<string>();
    const low = ev('technical-alarm', { type: 'LOW_BATTERY', device, since: '' });
    expect(chimesFor(low, raised)).toBe(true);
    expect(chimesFor(low, raised)).toBe(false);
    expect(
      chimesFor(ev('technical-alarm-cleared', { type: 'LOW_BATTERY', deviceId: 7 }), raised),
    ).toBe(false);
    expect(chimesFor(low, raised)).toBe(true);
  });

  it('chimes for offline (again after online) and for a deleted device calling', () => {
    const raised = new Set<string>();
    expect(chimesFor(ev('device-offline', { id: 7 }), raised)).toBe(true);
    expect(chimesFor(ev('device-offline', { id: 7 }), raised)).toBe(false);
    chimesFor(ev('device-online', { id: 7 }), raised);
    expect(chimesFor(ev('device-offline', { id: 7 }), raised)).toBe(true);
    expect(chimesFor(ev('device-deleted-sos', { id: 9 }), raised)).toBe(true);
    expect(chimesFor(ev('device-deleted-sos', { id: 9 }), raised)).toBe(false);
    chimesFor(ev('device-deleted-sos-dismissed', { id: 9 }), raised);
    expect(chimesFor(ev('device-deleted-sos', { id: 9 }), raised)).toBe(true);
  });

  it('an SOS is no technical alarm: the SOS loop is its sound', () => {
    expect(chimesFor(ev('new-sos', { id: 1, device }), new Set())).toBe(false);
  });
});
