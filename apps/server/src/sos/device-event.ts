import { and, eq, sql } from 'drizzle-orm';
import { UPGRADING_KINDS, type AlarmKind } from '@sos/contract';
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
  text: string;
  kind?: AlarmKind;
  location?: { lat: number; lon: number; accuracyM: number | null };
}

/**
 * The kind an open SOS takes when its device reports another alarm: a graver kind (fire, gas,
 * fall, medical) replaces one that is not; otherwise the first kind stays, so a panic button
 * pressed during a fire never hides the fire.
 */
export function upgradedKind(current: AlarmKind, reported: AlarmKind | undefined): AlarmKind {
  if (reported === undefined) return current;
  return UPGRADING_KINDS.includes(reported) && !UPGRADING_KINDS.includes(current) ? reported : current;
}

/**
 * Adds a DEVICE_EVENT to an open SOS (the caller holds its device's row): the timeline entry,
 * the kind upgrade, a location if the SOS had none. Answers the SOS row as it now stands, for
 * the `sos-updated` event the caller appends once it has taken every row lock it needs
 * (live/outbox.ts: a writer takes no row lock after the outbox's lock).
 */
export async function addDeviceEvent(tx: Tx, open: SosRow, event: DeviceEvent): Promise<SosRow> {
  const kind = upgradedKind(open.kind, event.kind);
  const place = open.locationLat === null && event.location ? event.location : undefined;
  const [row] = await tx
    .update(sos)
    .set({
      kind,
      updatedAt: sql`now()`,
      ...(place ? { locationLat: place.lat, locationLon: place.lon, locationAccuracyM: place.accuracyM } : {}),
    })
    .where(eq(sos.id, open.id))
    .returning();
  await tx.insert(sosTimeline).values({ sosId: open.id, type: 'DEVICE_EVENT', text: event.text });
  return row ?? open;
}
