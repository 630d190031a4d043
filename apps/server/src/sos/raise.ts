import { and, eq, or, sql } from 'drizzle-orm';
import {
  LIVE_EVENTS,
  type AlarmKind,
  type AlarmSource,
  type DeviceSosLocation,
  type Sos,
} from '@sos/contract';
import type { Tx } from '../db/client.js';
import { sos } from '../db/schema.js';
import type { Outcome } from '../lib/outcome.js';
import { appendEvent, writeEachWithEvent } from '../live/outbox.js';
import { sosJsonSql } from './json-sql.js';
import { toSosJson, type DeviceRef } from './json.js';
import { openSosOf } from './repository.js';
import { addDeviceEvent, alarmEventsOf } from './device-event.js';
import { ALARM_KIND_LABELS_IT } from './device-event-text.js';
import { claimCtes, isRepeatSql } from './repeats.js';

/** The sos columns of a device's location (docs/alarm-handling.md), all null without one. */
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

/** One raise: the device's serial, the Idempotency-Key it sent, where it is, what about (PANIC when unsaid). */
export interface NewSosRaise {
  serial: string;
  idempotencyKey: string | undefined;
  at: LocationColumns;
  /** PANIC when not given. */
  kind?: AlarmKind;
  /** How it came: HTTP when not given; a receiver's alarm names its protocol and code. */
  source?: AlarmSource;
  /**
   * A receiver's message (sos/repeats.ts): raised only when the key is not claimed, and
   * claimed in the same statement; a repeat gets null, and the receiver's path answers it.
   */
  repeatKey?: string;
}

/**
 * The common case, for one raise or a batch of them (plugins/app/sos-writes.ts), in ONE statement
 * and one commit: touch each device, insert its new SOS, append `new-sos`. Each raise gets its
 * new SOS, or null when it created none (unknown or deleted device, an SOS already open, an
 * Idempotency-Key already seen, a receiver's message already claimed): the caller then finds out which with findOrRaiseSos, in a
 * transaction. The serials must differ (lib/batcher.ts keeps one per batch): an SOS insert
 * is decided per device. The device rows are locked in id order first, as the heartbeat
 * batches and the offline sweep lock them, so overlapping batches wait instead of deadlocking.
 * The `new-sos` events are appended in the raises' order, under the outbox's shared lock.
 */
export async function raiseNewSos(
  db: Tx,
  raises: readonly NewSosRaise[],
): Promise<Array<Sos | null>> {
  if (raises.length === 0) return [];
  // Arrays travel as one parameter each (drizzle would expand a JS array into a list).
  const column = <T>(pick: (r: NewSosRaise) => T) => sql.param(raises.map(pick));
  const claiming = raises.some((r) => r.repeatKey !== undefined);
  const events = await writeEachWithEvent(
    db,
    LIVE_EVENTS.newSos,
    raises.length,
    sql`
    raise AS (
      SELECT * FROM unnest(${column((r) => r.serial)}::text[], ${column((r) => r.idempotencyKey ?? null)}::text[],
        ${column((r) => r.at.locationLat)}::float8[], ${column((r) => r.at.locationLon)}::float8[],
        ${column((r) => r.at.locationAccuracyM)}::float8[], ${column((r) => r.kind ?? 'PANIC')}::text[],
        ${column((r) => r.source?.protocol ?? 'HTTP')}::text[], ${column((r) => r.source?.code ?? null)}::text[],
        ${column((r) => r.source?.detail ?? null)}::text[], ${column((r) => r.repeatKey ?? null)}::text[])
        WITH ORDINALITY AS r(serial, idempotency_key, lat, lon, accuracy_m, kind, protocol, code, detail, repeat_key, n)
    ),
    locked AS MATERIALIZED (
      -- An offline device coming back takes raiseSos's path, which writes its device-online event.
      SELECT d.id FROM devices d JOIN raise ON raise.serial = d.serial
      WHERE d.deleted_at IS NULL AND d.online IS NOT FALSE ORDER BY d.id FOR UPDATE OF d
    ),
    device AS (
      UPDATE devices d SET last_seen_at = now() FROM locked WHERE d.id = locked.id
      RETURNING d.id, d.display_name, d.serial
    ),
    inserted AS (
      INSERT INTO sos (device_id, idempotency_key, location_lat, location_lon, location_accuracy_m, kind,
        source_protocol, source_code, source_detail)
      SELECT device.id, raise.idempotency_key, raise.lat, raise.lon, raise.accuracy_m, raise.kind,
        raise.protocol, raise.code, raise.detail
      FROM device JOIN raise ON raise.serial = device.serial
      ${claiming ? sql`WHERE raise.repeat_key IS NULL OR NOT ${isRepeatSql(sql`raise.serial`, sql`raise.repeat_key`)}` : sql``}
      ORDER BY raise.n
      ON CONFLICT DO NOTHING
      RETURNING *
    ),
    source AS (
      SELECT raise.n, raise.serial, raise.repeat_key, ${sosJsonSql('inserted', sql`device.id`, sql`device.display_name`)} AS data
      FROM inserted JOIN device ON device.id = inserted.device_id JOIN raise ON raise.serial = device.serial
    )
    ${claiming ? sql`, ${claimCtes(sql`SELECT serial, repeat_key FROM source WHERE repeat_key IS NOT NULL`)}` : sql``}`,
  );
  return events.map((data) => (data === undefined ? null : (JSON.parse(data) as Sos)));
}

/**
 * In a transaction that holds the device's row (touched): the device's open SOS (200), the
 * one an already seen Idempotency-Key created (200, even if closed since), else a new open
 * SOS (201, `new-sos`) at `at`. A repeat answers the SOS as it was raised, unless it names a
 * kind other than the open SOS's: then the device raised a further alarm, a DEVICE_EVENT entry
 * that re-alerts the SOS (docs/alarm-handling.md, "Re-alert"), `sos-updated` and
 * `sos-realerted`. `kind` undefined: none was sent.
 */
export async function findOrRaiseSos(
  tx: Tx,
  device: DeviceRef,
  idempotencyKey: string | undefined,
  at: LocationColumns,
  kind?: AlarmKind,
): Promise<Outcome<Sos>> {
  const found = async (row: typeof sos.$inferSelect) => {
    const replayed = idempotencyKey !== undefined && row.idempotencyKey === idempotencyKey;
    if (row.state !== 'OPEN' || kind === undefined || kind === row.kind || replayed)
      return { created: false, value: toSosJson(row, device) };
    const event = { text: ALARM_KIND_LABELS_IT[kind], kind, realert: true };
    const updated = toSosJson(await addDeviceEvent(tx, row, event), device);
    for (const name of alarmEventsOf({ raised: false, realerted: true }))
      await appendEvent(tx, name, updated);
    return { created: false, value: updated };
  };
  // raiseNewSos just found an answer existing (or no device): look it up first. The
  // insert is the last word under concurrency: the unique indexes (one OPEN per device,
  // one SOS per Idempotency-Key) refuse it when a row exists; two rounds at most.
  for (let round = 0; round < 2; round++) {
    const [existing] = await existingSosOf(tx, device.id, idempotencyKey);
    if (existing) return found(existing);
    const [inserted] = await tx
      .insert(sos)
      .values({
        deviceId: device.id,
        idempotencyKey: idempotencyKey ?? null,
        ...at,
        kind: kind ?? 'PANIC',
      })
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
