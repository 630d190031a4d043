import { and, eq, or, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device, type DeviceSosLocation, type Sos } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos } from '../../db/schema.js';
import { appendEvent, writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from '../device/sos-json-sql.js';
import { toDeviceJson, toSosJson, type DeviceRow } from '../device/mappers.js';
import { HttpError } from '../../lib/http-error.js';
import { recordContact } from './contact.js';
import { recordDeletedDeviceSos } from './deleted-sos.js';
import { deletedDevice, unknownDevice } from './errors.js';

export interface Outcome<T> {
  /** Whether the call created the resource (201) or found it (200). */
  created: boolean;
  value: T;
}

/** Throws 403 for a deleted device's serial, else 404 (no visible device has it). */
export async function refuseContact(tx: Tx, serial: string): Promise<never> {
  const [existing] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.serial, serial));
  throw existing ? deletedDevice() : unknownDevice();
}

/**
 * Records the device's last contact (contact.ts) and returns it; throws 404 for an unknown
 * serial and 403 for a deleted device. The row lock lasts until the transaction ends, so a
 * device's concurrent calls (and its deletion) run one after the other.
 */
export async function touchDevice(tx: Tx, serial: string): Promise<DeviceRow> {
  const id = await recordContact(tx, serial, { heartbeat: false });
  const [device] = id === undefined ? [] : await tx.select().from(devices).where(eq(devices.id, id));
  return device ?? refuseContact(tx, serial);
}

const openSosOf = (tx: Tx, deviceId: number) =>
  tx
    .select()
    .from(sos)
    .where(and(eq(sos.deviceId, deviceId), eq(sos.state, 'OPEN')));

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

/** New serial: 201 and `device-registered`; known serial: renamed (`device-renamed` if it changed). */
export async function registerDevice(
  db: Db,
  serial: string,
  displayName: string,
): Promise<Outcome<Device>> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(devices)
      .values({ serial, displayName, lastSeenAt: sql`now()` })
      .onConflictDoNothing({ target: devices.serial })
      .returning();
    if (inserted) {
      const json = toDeviceJson(inserted, null);
      await appendEvent(tx, LIVE_EVENTS.deviceRegistered, json);
      return { created: true, value: json };
    }
    const before = await touchDevice(tx, serial);
    const renamed = before.displayName !== displayName;
    const [device = before] = renamed
      ? await tx.update(devices).set({ displayName }).where(eq(devices.id, before.id)).returning()
      : [];
    const [open] = await openSosOf(tx, device.id);
    const json = toDeviceJson(device, open ?? null);
    if (renamed) await appendEvent(tx, LIVE_EVENTS.deviceRenamed, json);
    return { created: false, value: json };
  });
}

/**
 * The common case in ONE statement (one round trip, one transaction): touch the device,
 * insert its new SOS, append `new-sos`. Answers null when it created none (unknown or
 * deleted device, an SOS already open, an Idempotency-Key already seen): raiseSos then
 * finds out which, in a transaction.
 */
async function raiseNewSos(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
  at: ReturnType<typeof locationColumns>,
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

/** The sos columns of a device's location (DESIGN §6), all null without one. */
const locationColumns = (location: DeviceSosLocation | undefined) => ({
  locationLat: location?.lat ?? null,
  locationLon: location?.lon ?? null,
  locationAccuracyM: location?.accuracyM ?? null,
});

/**
 * Raises an SOS: the device's open one if it has one (200), the one an already seen
 * Idempotency-Key created (200, even if closed since), else a new open SOS (201, `new-sos`),
 * with the location the device sent. A repeat answers the SOS as it was raised.
 */
export async function raiseSos(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
  location?: DeviceSosLocation,
): Promise<Outcome<Sos>> {
  const at = locationColumns(location);
  const raised = await raiseNewSos(db, serial, idempotencyKey, at);
  if (raised) return { created: true, value: raised };
  try {
    return await raiseOrFind(db, serial, idempotencyKey, at);
  } catch (error) {
    // Still refused to the device, but never silent: a technical alarm in every console.
    if (error instanceof HttpError && error.code === 'DEVICE_DELETED') await recordDeletedDeviceSos(db, serial);
    throw error;
  }
}

async function raiseOrFind(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
  at: ReturnType<typeof locationColumns>,
): Promise<Outcome<Sos>> {
  return db.transaction(async (tx) => {
    const device = await touchDevice(tx, serial);
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
  });
}
