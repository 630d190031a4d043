import { and, eq, or, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type DeviceSosLocation, type Sos } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { sos } from '../../db/schema.js';
import type { Outcome } from '../../lib/outcome.js';
import { appendEvent, writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from './json-sql.js';
import { toSosJson, type DeviceRef } from './json.js';
import { openSosOf } from './repository.js';

/** The sos columns of a device's location (DESIGN §6), all null without one. */
export const locationColumns = (location: DeviceSosLocation | undefined) => ({
  locationLat: location?.lat ?? null,
  locationLon: location?.lon ?? null,
  locationAccuracyM: location?.accuracyM ?? null,
});

export type LocationColumns = ReturnType<typeof locationColumns>;

/** The SOS a repeated raise answers with: the one its Idempotency-Key created, else the open one. */
const existingSosOf = (tx: Tx, deviceId: number, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined
    ? openSosOf(tx, deviceId)
    : tx
        .select()
        .from(sos)
        .where(
          and(
            eq(sos.deviceId, deviceId),
            or(eq(sos.state, 'OPEN'), eq(sos.idempotencyKey, idempotencyKey)),
          ),
        )
        .orderBy(sql`${sos.idempotencyKey} IS NOT DISTINCT FROM ${idempotencyKey} DESC`)
        .limit(1);

/**
 * The common case in ONE statement (one round trip, one transaction): touch the device,
 * insert its new SOS, append `new-sos`. Answers null when it created none (unknown or
 * deleted device, an SOS already open, an Idempotency-Key already seen): the caller
 * then finds out which with findOrRaiseSos, in a transaction.
 */
export async function raiseNewSos(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
  at: LocationColumns,
): Promise<Sos | null> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.newSos,
    sql`device AS (
      UPDATE devices SET last_seen_at = now()
      -- An offline device coming back takes raiseSos's path, which writes its device-online event.
      WHERE serial = ${serial} AND deleted_at IS NULL AND online IS NOT FALSE
      RETURNING id, display_name
    ),
    inserted AS (
      INSERT INTO sos (device_id, idempotency_key, location_lat, location_lon, location_accuracy_m)
      SELECT id, ${idempotencyKey ?? null}::text, ${at.locationLat}::float8, ${at.locationLon}::float8,
        ${at.locationAccuracyM}::float8 FROM device
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    source AS (
      SELECT ${sosJsonSql('inserted', sql`device.id`, sql`device.display_name`)} AS data
      FROM inserted, device
    )`,
  );
  return data === undefined ? null : (JSON.parse(data) as Sos);
}

/**
 * In a transaction that holds the device's row (touched): the device's open SOS (200), the
 * one an already seen Idempotency-Key created (200, even if closed since), else a new open
 * SOS (201, `new-sos`) at `at`. A repeat answers the SOS as it was raised.
 */
export async function findOrRaiseSos(
  tx: Tx,
  device: DeviceRef,
  idempotencyKey: string | undefined,
  at: LocationColumns,
): Promise<Outcome<Sos>> {
  const found = (row: typeof sos.$inferSelect) => ({
    created: false,
    value: toSosJson(row, device),
  });
  // raiseNewSos just found an answer existing (or no device): look it up first. The
  // insert is the last word under concurrency: the unique indexes (one OPEN per device,
  // one SOS per Idempotency-Key) refuse it when a row exists; two rounds at most.
  for (let round = 0; round < 2; round++) {
    const [existing] = await existingSosOf(tx, device.id, idempotencyKey);
    if (existing) return found(existing);
    const [inserted] = await tx
      .insert(sos)
      .values({ deviceId: device.id, idempotencyKey: idempotencyKey ?? null, ...at })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      const json = toSosJson(inserted, device);
      await appendEvent(tx, LIVE_EVENTS.newSos, json);
      return { created: true, value: json };
    }
  }
  throw new Error(`no SOS could be raised or found for device ${device.id}`);
}
