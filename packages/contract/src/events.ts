import { z } from 'zod';
import { deviceSchema, sosSchema } from './device.js';
import { sosNoteEventSchema } from './sos-handling.js';
import { technicalAlarmClearedEventSchema, technicalAlarmSchema } from './health.js';

/** Live stream event names (docs/console.md plus the device events of docs/contract.md). */
export const LIVE_EVENTS = {
  newSos: 'new-sos',
  sosClosed: 'new-sos-closed',
  deviceRegistered: 'device-registered',
  deviceRenamed: 'device-renamed',
  deviceDeleted: 'device-deleted',
  /** Someone took charge of an SOS, or took it over (docs/alarm-handling.md): the SOS with its device. */
  sosAcknowledged: 'sos-acknowledged',
  /** An SOS went unacknowledged past ackTargetSeconds: the SOS with its device. */
  sosEscalated: 'sos-escalated',
  /** A note was added to an SOS's timeline: `{sosId, entry}`. */
  sosNote: 'sos-note',
  /** Device health (docs/alarm-handling.md): one per transition; the data is the device. */
  deviceOffline: 'device-offline',
  deviceOnline: 'device-online',
  /** A deleted device sent an SOS (refused to it): a technical alarm (docs/alarm-handling.md). */
  deviceDeletedSos: 'device-deleted-sos',
  /** A super administrator dismissed that technical alarm: `{ id }` of the device. */
  deviceDeletedSosDismissed: 'device-deleted-sos-dismissed',
  /**
   * A device said more about its open SOS (another alarm, a restore, a cancel): a DEVICE_EVENT
   * timeline entry, maybe a new kind. The SOS with its device (docs/alarm-kinds.md).
   */
  sosUpdated: 'sos-updated',
  /**
   * A further alarm re-alerted an open SOS (docs/alarm-handling.md, "Re-alert"), right after its
   * `sos-updated`: unacknowledged again, the alarm sounds again. The SOS with its device.
   */
  sosRealerted: 'sos-realerted',
  /** A device reported low battery, power failure or tamper: `{type, device, since}`. */
  technicalAlarm: 'technical-alarm',
  /** That technical alarm was restored by the device or dismissed: `{type, deviceId}`. */
  technicalAlarmCleared: 'technical-alarm-cleared',
  /** The client missed more than the server keeps: reload the lists. */
  resync: 'resync',
} as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

export const deviceDeletedEventSchema = z.object({ id: z.number().int() });
export const resyncEventSchema = z.object({ reason: z.string() });

/** The data of each event, by name. */
export const liveEventSchemas = {
  'new-sos': sosSchema,
  'new-sos-closed': sosSchema,
  'device-registered': deviceSchema,
  'device-renamed': deviceSchema,
  'device-deleted': deviceDeletedEventSchema,
  'sos-acknowledged': sosSchema,
  'sos-escalated': sosSchema,
  'sos-note': sosNoteEventSchema,
  'device-offline': deviceSchema,
  'device-online': deviceSchema,
  'device-deleted-sos': deviceSchema,
  'device-deleted-sos-dismissed': deviceDeletedEventSchema,
  'sos-updated': sosSchema,
  'sos-realerted': sosSchema,
  'technical-alarm': technicalAlarmSchema,
  'technical-alarm-cleared': technicalAlarmClearedEventSchema,
  resync: resyncEventSchema,
} as const satisfies Record<LiveEventName, z.ZodType>;

export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
