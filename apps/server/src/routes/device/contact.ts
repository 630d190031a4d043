import { eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices } from '../../db/schema.js';
import type { Outcome } from '../../lib/outcome.js';
import { appendEvent, eventAppended, eventCtes, rowsOf } from '../../live/outbox.js';
import { openSosOf } from '../sos/repository.js';
import { deviceJsonSql } from './device-json-sql.js';
import { deletedDevice, unknownDevice } from './errors.js';
import { toDeviceJson, type DeviceRow } from './json.js';

export interface ContactOptions {
  /** A heartbeat starts monitoring (online from null to true); other calls only refresh it. */
  heartbeat: boolean;
  /** The battery level a heartbeat reported (0–100). */
  battery?: number | undefined;
}

/**
 * Records a device's contact in ONE statement: last contact, battery, and the offline →
 * online transition with its `device-online` event. The row lock (FOR UPDATE) makes the
 * previous `online` the committed one, so among concurrent contacts and sweeps of every
 * process exactly one sees `false` and writes the event. Answers the device id, or
 * undefined when no visible device has that serial. Written on a set (`prev`) so that
 * batched heartbeats (`… FROM unnest(…)`) can reuse it as is.
 */
export async function recordContact(
  tx: Tx,
  serial: string,
  { heartbeat, battery }: ContactOptions,
): Promise<number | undefined> {
  const result = await tx.execute(sql`
    WITH prev AS MATERIALIZED (
      SELECT id, online FROM devices WHERE serial = ${serial} AND deleted_at IS NULL FOR UPDATE
    ),
    touched AS (
      UPDATE devices d SET
        last_seen_at = now(),
        online = CASE WHEN ${heartbeat}::boolean OR d.online IS NOT NULL THEN true END,
        battery_pct = COALESCE(${battery ?? null}::smallint, d.battery_pct)
      FROM prev WHERE d.id = prev.id
      RETURNING d.*, prev.online AS was_online
    ),
    source AS (
      SELECT ${deviceJsonSql('touched')} AS data, touched.id FROM touched WHERE touched.was_online = false
    ),
    ${eventCtes(LIVE_EVENTS.deviceOnline, sql`source.id`)}
    SELECT touched.id, (SELECT count(*) FROM appended)::int AS events FROM touched`);
  const [row] = rowsOf<{ id: number; events: number }>(result);
  if (row && Number(row.events) > 0) eventAppended();
  return row ? Number(row.id) : undefined;
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
 * Records the device's last contact (recordContact) and returns it; throws 404 for an unknown
 * serial and 403 for a deleted device. The row lock lasts until the transaction ends, so a
 * device's concurrent calls (and its deletion) run one after the other.
 */
export async function touchDevice(tx: Tx, serial: string): Promise<DeviceRow> {
  const id = await recordContact(tx, serial, { heartbeat: false });
  const [device] = id === undefined ? [] : await tx.select().from(devices).where(eq(devices.id, id));
  return device ?? refuseContact(tx, serial);
}

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
