import type { Device } from '@sos/contract';
import type { LiveEvent } from '../live/liveEvents.js';

/** What an event does to one device: its new value, or undefined when it goes away. */
export interface DeviceChange {
  id: number;
  next: Device | undefined;
}

type Current = (id: number) => Device | undefined;

/**
 * The change a live event makes, or null when it changes nothing. Every change sets
 * values (never increments), so replaying events already seen is harmless: the list
 * reload relies on that.
 */
export function changeOf(event: LiveEvent, current: Current): DeviceChange | null {
  switch (event.name) {
    case 'new-sos': {
      const sos = event.data;
      const device = current(sos.device.id);
      if (!device) return null;
      const lastSos = sos.state === 'OPEN' ? sos : null;
      if (device.lastSos?.id === lastSos?.id && device.lastSos?.state === lastSos?.state)
        return null;
      return { id: device.id, next: { ...device, lastSos } };
    }
    case 'new-sos-closed':
      return closing(current(event.data.device.id), event.data.id);
    case 'device-registered':
    case 'device-renamed':
      return { id: event.data.id, next: event.data };
    case 'device-deleted':
      return current(event.data.id) ? { id: event.data.id, next: undefined } : null;
    case 'resync':
      return null;
  }
}

/** Clears the device's SOS if it is still the one being closed. */
export function closing(device: Device | undefined, sosId: number): DeviceChange | null {
  if (!device || device.lastSos?.id !== sosId) return null;
  return { id: device.id, next: { ...device, lastSos: null } };
}
