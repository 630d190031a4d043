import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device, type Sos } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos } from '../../db/schema.js';
import { appendEvent, writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from '../device/sos-json-sql.js';
import { toDeviceJson, toSosJson, type DeviceRow } from '../device/mappers.js';
import { deletedDevice, unknownDevice } from './errors.js';

export interface Outcome<T> {
  /** Whether the call created the resource (201) or found it (200). */
  created: boolean;
  value: T;
}

/**
 * Records the device's last contact and returns it; throws 404 for an unknown serial
 * and 403 for a deleted device. The UPDATE locks the device row until the transaction
 * ends, so a device's concurrent calls (and its deletion) run one after the other.
 */
export async function touchDevice(tx: Tx, serial: string): Promise<DeviceRow> {
  const [device] = await tx
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(devices.serial, serial), isNull(devices.deletedAt)))
    .returning();
  if (device) return device;
  const [existing] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.serial, serial));
  throw existing ? deletedDevice() : unknownDevice();
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
): Promise<Sos | null> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.newSos,
    sql`device AS (
      UPDATE devices SET last_seen_at = now() WHERE serial = ${serial} AND deleted_at IS NULL
      RETURNING id, display_name
    ),
    inserted AS (
      INSERT INTO sos (device_id, idempotency_key) SELECT id, ${idempotencyKey ?? null}::text FROM device
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
 * Raises an SOS: the device's open one if it has one (200), the one an already seen
 * Idempotency-Key created (200, even if closed since), else a new open SOS (201, `new-sos`).
 */
export async function raiseSos(
  db: Db,
  serial: string,
  idempotencyKey: string | undefined,
): Promise<Outcome<Sos>> {
  const raised = await raiseNewSos(db, serial, idempotencyKey);
  if (raised) return { created: true, value: raised };
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
        .values({ deviceId: device.id, idempotencyKey: idempotencyKey ?? null })
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

/**
 * A heartbeat only records the last contact. No live event: thousands of devices beating
 * would flood every console; lastSeenAt comes with the device list.
 */
export async function recordHeartbeat(db: Db, serial: string): Promise<void> {
  await touchDevice(db, serial);
}
