import type { LiveEvent } from '../../entities/live/liveEvents.js';

/**
 * Whether a live event raises a technical alarm the console has not chimed for yet
 * (docs/alarm-handling.md "Device health"): offline, a deleted device's SOS, what a device
 * reports of itself. `raised` holds the standing ones (type:deviceId); an event that clears
 * one removes it, so the next raise chimes again.
 */
export function chimesFor(event: LiveEvent, raised: Set<string>): boolean {
  const raise = (key: string) => {
    if (raised.has(key)) return false;
    raised.add(key);
    return true;
  };
  switch (event.name) {
    case 'technical-alarm':
      return raise(`${event.data.type}:${event.data.device.id}`);
    case 'device-offline':
      return raise(`DEVICE_OFFLINE:${event.data.id}`);
    case 'device-deleted-sos':
      return raise(`DELETED_DEVICE_SOS:${event.data.id}`);
    case 'technical-alarm-cleared':
      raised.delete(`${event.data.type}:${event.data.deviceId}`);
      return false;
    case 'device-online':
      raised.delete(`DEVICE_OFFLINE:${event.data.id}`);
      return false;
    case 'device-registered':
    case 'device-deleted-sos-dismissed':
      raised.delete(`DELETED_DEVICE_SOS:${event.data.id}`);
      return false;
    default:
      return false;
  }
}
