import { eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { deviceName } from './name.js';
import type { Outcome } from '../lib/outcome.js';
import { appendEvent, writeEvents } from '../live/outbox.js';
import { openSosOf } from '../sos/repository.js';
import { deviceJsonSql } from './device-json-sql.js';
import { deletedDevice, unknownDevice } from './errors.js';
import { toDeviceJson, type DeviceRow } from './json.js';

/** One contact to record: a device's serial, whether it is a heartbeat, the battery it reported. */
export interface Contact {
  serial: string;
  /** A heartbeat starts monitoring (online from null to true); other calls only refresh it. */
  heartbeat: boolean;
  battery: number | null;
}

/**
 * Records devices' contacts in ONE statement, for one device or a batch of heartbeats
 * (devices/health/heartbeats.ts; the serials must differ): last contact, battery, and the offline →
 * online transition with its `device-online` event. The row locks (FOR UPDATE, in id order, as
 * the offline sweep takes them) make each previous `online` the committed one, so among
 * concurrent contacts and sweeps of every process exactly one sees `false` and writes the
 * event, and overlapping batches wait for each other instead of deadlocking. Answers the id of
 * each visible device touched, by serial; the others are unknown or deleted (refuseContact).
 */
export async function recordContacts(
  tx: Tx,
  contacts: readonly Contact[],
): Promise<Map<string, number>> {
  if (contacts.length === 0) return new Map();
  // Arrays travel as one parameter each (drizzle would expand a JS array into a list).
  const column = <T>(pick: (c: Contact) => T) => sql.param(contacts.map(pick));
  const rows = await writeEvents<{ id: number; serial: string }>(tx, LIVE_EVENTS.deviceOnline, {
    ctes: sql`
    contact AS (
      SELECT * FROM unnest(${column((c) => c.serial)}::text[], ${column((c) => c.heartbeat)}::boolean[],
        ${column((c) => c.battery)}::smallint[]) AS c(serial, heartbeat, battery)
    ),
    prev AS MATERIALIZED (
      SELECT d.id, d.online, contact.heartbeat, contact.battery FROM devices d JOIN contact ON contact.serial = d.serial
      WHERE d.deleted_at IS NULL ORDER BY d.id FOR UPDATE OF d
    ),
    touched AS (
      UPDATE devices d SET
        last_seen_at = now(),
        online = CASE WHEN prev.heartbeat OR d.online IS NOT NULL THEN true END,
        battery_pct = COALESCE(prev.battery, d.battery_pct)
      FROM prev WHERE d.id = prev.id
      RETURNING d.*, prev.online AS was_online
    ),
    source AS (
      SELECT ${deviceJsonSql('touched')} AS data, touched.id FROM touched WHERE touched.was_online = false
    )`,
    order: sql`source.id`,
    answer: sql`SELECT touched.id, touched.serial FROM touched`,
  });
  return new Map(rows.map((r) => [r.serial, Number(r.id)]));
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
 * Records the device's last contact (recordContacts) and returns it; throws 404 for an unknown
 * serial and 403 for a deleted device. The row lock lasts until the transaction ends, so a
 * device's concurrent calls (and its deletion) run one after the other.
 */
export async function touchDevice(tx: Tx, serial: string): Promise<DeviceRow> {
  const id = (await recordContacts(tx, [{ serial, heartbeat: false, battery: null }])).get(serial);
  const [device] =
    id === undefined ? [] : await tx.select().from(devices).where(eq(devices.id, id));
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
      .values({ serial, ...deviceName(displayName), lastSeenAt: sql`now()` })
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
      ? await tx
          .update(devices)
          .set(deviceName(displayName))
          .where(eq(devices.id, before.id))
          .returning()
      : [];
    const [open] = await openSosOf(tx, device.id);
    const json = toDeviceJson(device, open ?? null);
    if (renamed) await appendEvent(tx, LIVE_EVENTS.deviceRenamed, json);
    return { created: false, value: json };
  });
}
