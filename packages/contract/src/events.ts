import { z } from 'zod';
import { deviceSchema, sosSchema } from './device.js';

/** Live stream event names (spec §9 plus the device events of DESIGN §3). */
export const LIVE_EVENTS = {
  newSos: 'new-sos',
  sosClosed: 'new-sos-closed',
  deviceRegistered: 'device-registered',
  deviceRenamed: 'device-renamed',
  deviceDeleted: 'device-deleted',
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
  resync: resyncEventSchema,
} as const satisfies Record<LiveEventName, z.ZodType>;

export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
