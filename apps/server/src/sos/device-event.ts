import { and, eq, sql } from 'drizzle-orm';
import {
  LIVE_EVENTS,
  moreSevere,
  type AlarmKind,
  type DeviceEventWords,
  type LiveEventName,
} from '@sos/contract';
import type { Tx } from '../db/client.js';
import { sos, sosTimeline } from '../db/schema.js';

export type SosRow = typeof sos.$inferSelect;

/** The device's open SOS (at most one: the partial unique index). */
export async function findOpenSos(tx: Tx, deviceId: number): Promise<SosRow | undefined> {
  const [open] = await tx
    .select()
    .from(sos)
    .where(and(eq(sos.deviceId, deviceId), eq(sos.state, 'OPEN')));
  return open;
}

/** What a device said about its open SOS: the entry's text, and the alarm's kind if it was one. */
export interface DeviceEvent {
  /** The Italian words; `words` the same, structured (docs/alarm-kinds.md "Device words"). */
  text: string;
  words?: DeviceEventWords;
  kind?: AlarmKind;
  location?: { lat: number; lon: number; accuracyM: number | null };
  /**
   * A further alarm (docs/alarm-handling.md, "Re-alert"): the SOS is unacknowledged again and
   * its escalation clock restarts. False for what only adds words: a restore, a cancel, an
   * alarm "still present" of a kind it already received.
   */
  realert?: boolean;
}

/**
 * The kinds an open SOS has received, once each, the latest alarm's last (a re-alert moves its
 * kind there: the console's "Nuovo allarme: {kind}"). `kind` is the most severe of them, so a
 * panic button pressed during a fire never hides the fire.
 */
export function receivedKinds(
  row: Pick<SosRow, 'kind' | 'kinds'>,
  reported: AlarmKind | undefined,
  latest = false,
): AlarmKind[] {
  const kinds = row.kinds ?? [row.kind];
  if (reported === undefined || (kinds.includes(reported) && !latest)) return kinds;
  return [...kinds.filter((k) => k !== reported), reported];
}

/**
 * Adds a DEVICE_EVENT to an open SOS (the caller holds its device's row): the timeline entry,
 * the kind by severity, a location if the SOS had none and, for a re-alert, `realertedAt` with
 * the take-charge and the escalation undone (their entries stay on the timeline).
 * Answers the SOS row as it now stands, for the `sos-updated` (and `sos-realerted`) events the
 * caller appends once it has taken every row lock it needs (live/outbox.ts: a writer takes no
 * row lock after the outbox's lock).
 */
export async function addDeviceEvent(tx: Tx, open: SosRow, event: DeviceEvent): Promise<SosRow> {
  const kinds = receivedKinds(open, event.kind, event.realert);
  const kind = event.kind === undefined ? open.kind : moreSevere(open.kind, event.kind);
  const place = open.locationLat === null && event.location ? event.location : undefined;
  const [row] = await tx
    .update(sos)
    .set({
      kind,
      ...(kinds.length > 1 || open.kinds !== null ? { kinds } : {}),
      updatedAt: sql`now()`,
      ...(place
        ? { locationLat: place.lat, locationLon: place.lon, locationAccuracyM: place.accuracyM }
        : {}),
      ...(event.realert
        ? {
            realertedAt: sql`now()`,
            acknowledgedAt: null,
            acknowledgedById: null,
            acknowledgedByUsername: null,
            escalatedAt: null,
          }
        : {}),
    })
    .where(eq(sos.id, open.id))
    .returning();
  // The timeline reads an escalation from escalated_at (sos/timeline.ts): one the re-alert
  // undoes stays on it as a row.
  if (event.realert && open.escalatedAt)
    await tx
      .insert(sosTimeline)
      .values({ sosId: open.id, type: 'ESCALATED', at: open.escalatedAt });
  await tx
    .insert(sosTimeline)
    .values({ sosId: open.id, type: 'DEVICE_EVENT', text: event.text, event: event.words ?? null });
  return row ?? open;
}

/**
 * What an alarm did: a new SOS (`new-sos`), or an entry on the open one (`sos-updated`) that
 * re-alerted it (then also `sos-realerted`) or not.
 */
export interface AlarmOutcome {
  raised: boolean;
  realerted: boolean;
}

/** The live events of an alarm's outcome, in the order they are appended. */
export const alarmEventsOf = (outcome: AlarmOutcome): LiveEventName[] =>
  outcome.raised
    ? [LIVE_EVENTS.newSos]
    : outcome.realerted
      ? [LIVE_EVENTS.sosUpdated, LIVE_EVENTS.sosRealerted]
      : [LIVE_EVENTS.sosUpdated];
