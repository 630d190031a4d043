import { sql, type SQL } from 'drizzle-orm';

/** An ISO 8601 UTC timestamp with milliseconds, as Date.toISOString() writes it. */
const isoSql = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * toSosJson (mappers.ts) written in SQL, for the statements that raise or close an SOS and
 * write its live event in one round trip. `s` names a relation with the sos table's columns;
 * test/routes/device/sos-json-sql.test.ts proves both give the same JSON. row_to_json, not
 * json_build_object: it writes compact JSON ("id":1, no spaces), as JSON.stringify does.
 */
export function sosJsonSql(s: string, deviceId: SQL, displayName: SQL): SQL {
  const c = (column: string) => sql.raw(`${s}.${column}`);
  return sql`(SELECT row_to_json(sos_json) FROM (SELECT
    ${c('id')} AS "id",
    ${c('state')} AS "state",
    ${isoSql(c('created_at'))} AS "dateCreated",
    ${isoSql(c('updated_at'))} AS "lastUpdated",
    CASE WHEN ${c('closed_at')} IS NULL THEN NULL ELSE ${isoSql(c('closed_at'))} END AS "dateClosed",
    CASE WHEN ${c('closed_by_username')} IS NULL THEN NULL ELSE (SELECT row_to_json(closer) FROM
      (SELECT ${c('closed_by_id')} AS "id", ${c('closed_by_username')} AS "username") closer) END AS "closedBy",
    (SELECT row_to_json(device) FROM (SELECT ${deviceId} AS "id", ${displayName} AS "displayName") device)
      AS "device"
  ) sos_json)::text`;
}
