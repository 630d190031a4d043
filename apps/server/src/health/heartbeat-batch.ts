import { sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { eventAppended, eventCtes, rowsOf } from '../live/outbox.js';
import { deviceJsonSql } from '../routes/device/device-json-sql.js';

/** One coalesced heartbeat: a serial and the last battery level it reported (null: none). */
export interface Beat {
  serial: string;
  battery: number | null;
}

/**
 * Records many heartbeats in ONE statement, with recordContact's semantics (routes/device-api/
 * contact.ts) for each: last contact = now(), online from null or false to true, and one
 * `device-online` event per device that was offline. The row locks are taken in id order, as
 * the offline sweep takes them: two processes writing overlapping batches (or a batch and a
 * sweep) wait for each other instead of deadlocking. Answers the serials of the visible devices
 * it touched; the others are unknown or deleted (the caller refuses them: refuseContact's 404 or 403).
 */
export async function writeHeartbeats(db: Tx, beats: readonly Beat[]): Promise<Set<string>> {
  if (beats.length === 0) return new Set();
  // Arrays travel as one parameter each (drizzle would expand a JS array into a list).
  const serials = sql.param(beats.map((b) => b.serial));
  const batteries = sql.param(beats.map((b) => b.battery));
  const result = await db.execute(sql`
    WITH beat AS (
      SELECT * FROM unnest(${serials}::text[], ${batteries}::smallint[]) AS b(serial, battery)
    ),
    prev AS MATERIALIZED (
      SELECT d.id, d.online, beat.battery FROM devices d JOIN beat ON beat.serial = d.serial
      WHERE d.deleted_at IS NULL ORDER BY d.id FOR UPDATE OF d
    ),
    touched AS (
      UPDATE devices d SET
        last_seen_at = now(),
        online = true,
        battery_pct = COALESCE(prev.battery, d.battery_pct)
      FROM prev WHERE d.id = prev.id
      RETURNING d.*, prev.online AS was_online
    ),
    source AS (
      SELECT ${deviceJsonSql('touched')} AS data, touched.id FROM touched WHERE touched.was_online = false
    ),
    ${eventCtes(LIVE_EVENTS.deviceOnline, sql`source.id`)}
    SELECT touched.serial, (SELECT count(*) FROM appended)::int AS events FROM touched`);
  const rows = rowsOf<{ serial: string; events: number }>(result);
  if (rows.some((r) => Number(r.events) > 0)) eventAppended();
  return new Set(rows.map((r) => r.serial));
}
