import type { Device, Sos } from '@sos/contract';
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
    case 'sos-acknowledged':
    case 'sos-escalated':
      return handling(current(event.data.device.id), event.data);
    case 'sos-updated':
    case 'sos-realerted':
      return updated(current(event.data.device.id), event.data);
    case 'sos-note':
      return null; // the detail's timeline shows it; the card does not change
    case 'device-registered':
    case 'device-renamed':
      return { id: event.data.id, next: event.data };
    case 'device-offline':
    case 'device-online':
      // Health only: the device keeps its card and place (docs/alarm-handling.md).
      return current(event.data.id) ? { id: event.data.id, next: event.data } : null;
    case 'device-deleted-sos':
    case 'device-deleted':
      return current(event.data.id) ? { id: event.data.id, next: undefined } : null;
    case 'device-deleted-sos-dismissed': // the technical alarm list's, not a card's
    case 'technical-alarm':
    case 'technical-alarm-cleared':
    case 'resync':
      return null;
  }
}

/**
 * Who handles the device's open SOS, or its escalation (docs/alarm-handling.md): applied only to the
 * SOS the device still shows, so a late event never brings back an alert closed meanwhile.
 */
export function handling(device: Device | undefined, sos: Sos): DeviceChange | null {
  if (!device || device.lastSos?.id !== sos.id || sos.state !== 'OPEN') return null;
  const shown = device.lastSos;
  if (
    shown.acknowledgedBy?.id === sos.acknowledgedBy?.id &&
    shown.acknowledgedBy?.username === sos.acknowledgedBy?.username &&
    shown.escalatedAt === sos.escalatedAt
  )
    return null;
  return { id: device.id, next: { ...device, lastSos: sos } };
}

/**
 * The device said more about its open SOS (docs/alarm-kinds.md), maybe a further alarm that
 * re-alerted it (docs/alarm-handling.md): the card takes the SOS as it now stands (its kind and
 * its take-charge may have changed); only the SOS the device still shows.
 */
function updated(device: Device | undefined, sos: Sos): DeviceChange | null {
  if (!device || device.lastSos?.id !== sos.id || sos.state !== 'OPEN') return null;
  if (device.lastSos.kind === sos.kind && device.lastSos.lastUpdated === sos.lastUpdated)
    return null;
  return { id: device.id, next: { ...device, lastSos: sos } };
}

/** Clears the device's SOS if it is still the one being closed. */
export function closing(device: Device | undefined, sosId: number): DeviceChange | null {
  if (!device || device.lastSos?.id !== sosId) return null;
  return { id: device.id, next: { ...device, lastSos: null } };
}
