import { sql, type SQL } from 'drizzle-orm';
import { isoSql, sosJsonSql } from '../sos/json-sql.js';

/**
 * toDeviceJson (json.ts) written in SQL, for the statements that change many devices and
 * write one live event each in the same statement (the offline sweep, contact). `d` names a
 * relation with the devices table's columns; lastSos is its open SOS, looked up by the
 * partial unique index. Keep the two in step: test/devices/list-json.test.ts compares them (the
 * getAll list written here against the same devices mapped by toDeviceJson, byte for byte).
 */
export function deviceJsonSql(d: string): SQL {
  const c = (column: string) => sql.raw(`${d}.${column}`);
  return sql`(SELECT row_to_json(device_json) FROM (SELECT
    ${c('id')} AS "id",
    ${c('serial')} AS "serial",
    ${c('display_name')} AS "displayName",
    (SELECT ${sosJsonSql('open_sos', c('id'), c('display_name'))}::json FROM sos open_sos
      WHERE open_sos.device_id = ${c('id')} AND open_sos.state = 'OPEN') AS "lastSos",
    ${isoSql(c('created_at'))} AS "dateCreated",
    CASE WHEN ${c('last_seen_at')} IS NULL THEN NULL ELSE ${isoSql(c('last_seen_at'))} END AS "lastSeenAt",
    ${c('online')} AS "online",
    ${c('battery_pct')} AS "batteryPct"
  ) device_json)::text`;
}
