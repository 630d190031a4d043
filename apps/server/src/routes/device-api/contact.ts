import { sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { eventAppended, eventCtes, rowsOf } from '../../live/outbox.js';
import { deviceJsonSql } from '../device/device-json-sql.js';

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
