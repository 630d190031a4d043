import { LIVE_EVENTS, type PushPayload } from '@sos/contract';

/** What a pushed event becomes: the same payload and topic for every subscription. */
export interface PushMessage {
  eventId: number;
  /** Topic header: a newer push with the same topic replaces one the push service still holds. */
  topic: string;
  payload: PushPayload;
}

/** The outbox events that are pushed, and how each is called in the payload. */
const PUSHED_EVENTS = {
  [LIVE_EVENTS.newSos]: 'NEW_SOS',
  // A further alarm on an open SOS sounds like a new one (docs/alarm-handling.md, "Re-alert").
  [LIVE_EVENTS.sosRealerted]: 'NEW_SOS',
  [LIVE_EVENTS.sosEscalated]: 'SOS_ESCALATED',
  [LIVE_EVENTS.deviceOffline]: 'DEVICE_OFFLINE',
} as const;
export const PUSHED_EVENT_TYPES = Object.keys(PUSHED_EVENTS);

interface SosData {
  id: number;
  dateCreated: string;
  escalatedAt: string | null;
  realertedAt?: string | null;
  device: { id: number; displayName: string };
  /** Filled once SOS carry their alarm kind (docs/contract.md); absent until then. */
  kind?: PushPayload['kind'];
}

interface DeviceData {
  id: number;
  displayName: string;
}

/**
 * The push for an outbox event (its stored JSON), or null for an event that is not pushed.
 * `at` is when it happened: the raise, the escalation, or (offline) when the server found the
 * device silent, which is the event's own time.
 */
export function pushMessageOf(event: {
  id: number;
  type: string;
  data: string;
  createdAt: Date;
}): PushMessage | null {
  const type = PUSHED_EVENTS[event.type as keyof typeof PUSHED_EVENTS] as
    PushPayload['type'] | undefined;
  if (!type) return null;
  if (type === 'DEVICE_OFFLINE') {
    const device = JSON.parse(event.data) as DeviceData;
    return {
      eventId: event.id,
      topic: `off-${device.id}`,
      payload: {
        type,
        sosId: null,
        deviceId: device.id,
        deviceName: device.displayName,
        kind: null,
        at: event.createdAt.toISOString(),
      },
    };
  }
  const sos = JSON.parse(event.data) as SosData;
  return {
    eventId: event.id,
    // One topic per SOS: an escalation replaces its new-SOS push if that is still pending.
    topic: `sos-${sos.id}`,
    payload: {
      type,
      sosId: sos.id,
      deviceId: sos.device.id,
      deviceName: sos.device.displayName,
      kind: sos.kind ?? null,
      at: atOf(type, event.type, sos, event.createdAt),
    },
  };
}

/** When a pushed SOS event happened: the escalation, the re-alert, else the raise. */
function atOf(type: PushPayload['type'], eventType: string, sos: SosData, createdAt: Date): string {
  if (type === 'SOS_ESCALATED') return sos.escalatedAt ?? createdAt.toISOString();
  if (eventType === LIVE_EVENTS.sosRealerted) return sos.realertedAt ?? createdAt.toISOString();
  return sos.dateCreated;
}
