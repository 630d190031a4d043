import { sql, type SQL } from 'drizzle-orm';

/** An ISO 8601 UTC timestamp with milliseconds, as Date.toISOString() writes it. */
export const isoSql = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNullSql = (column: SQL) =>
  sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoSql(column)} END`;

/** `{id, username}`, or null without a username (the id alone may be gone with the user). */
const userRefSql = (id: SQL, username: SQL) => sql`CASE WHEN ${username} IS NULL THEN NULL ELSE
  (SELECT row_to_json(who) FROM (SELECT ${id} AS "id", ${username} AS "username") who) END`;

/**
 * A double as JSON.stringify writes it. Both sides print the shortest digits that read back
 * as the same double; only the notation differs: PostgreSQL uses an exponent below 1e-4 and
 * from 1e15 with at least two exponent digits ("1e-05"), JavaScript only below 1e-6 and from
 * 1e21 with no padding ("1e-7"). Reading PostgreSQL's text as numeric gives the exact plain
 * decimal ("-0" becomes "0", as in JSON.stringify).
 */
const jsNumberSql = (column: SQL) => sql`(CASE
  WHEN ${column} <> 0 AND (abs(${column}) < 1e-6 OR abs(${column}) >= 1e21)
    THEN regexp_replace(${column}::text, 'e([+-])0*([0-9])', 'e\\1\\2')
  ELSE (${column}::text::numeric)::text END)::json`;

/**
 * toSosJson (json.ts) written in SQL, for the statements that raise or close an SOS and
 * write its live event in one round trip. `s` names a relation with the sos table's columns;
 * test/routes/sos/json-sql.test.ts proves both give the same JSON. row_to_json, not
 * json_build_object: it writes compact JSON ("id":1, no spaces), as JSON.stringify does.
 */
export function sosJsonSql(s: string, deviceId: SQL, displayName: SQL): SQL {
  const c = (column: string) => sql.raw(`${s}.${column}`);
  // A call-back SOS ends with "callBack":true (docs/voice.md), as toSosJson writes it.
  return sql`(SELECT CASE WHEN ${c('call_back_uri')} IS NULL THEN j ELSE left(j, -1) || ',"callBack":true}' END FROM (SELECT row_to_json(sos_json)::text AS j FROM (SELECT
    ${c('id')} AS "id",
    ${c('state')} AS "state",
    ${isoSql(c('created_at'))} AS "dateCreated",
    ${isoSql(c('updated_at'))} AS "lastUpdated",
    ${isoOrNullSql(c('closed_at'))} AS "dateClosed",
    ${userRefSql(c('closed_by_id'), c('closed_by_username'))} AS "closedBy",
    ${isoOrNullSql(c('acknowledged_at'))} AS "acknowledgedAt",
    ${userRefSql(c('acknowledged_by_id'), c('acknowledged_by_username'))} AS "acknowledgedBy",
    ${isoOrNullSql(c('escalated_at'))} AS "escalatedAt",
    ${isoOrNullSql(c('realerted_at'))} AS "realertedAt",
    ${c('outcome')} AS "outcome",
    ${c('note')} AS "note",
    CASE WHEN ${c('location_lat')} IS NULL OR ${c('location_lon')} IS NULL THEN NULL ELSE
      (SELECT row_to_json(place) FROM (SELECT ${jsNumberSql(c('location_lat'))} AS "lat",
        ${jsNumberSql(c('location_lon'))} AS "lon",
        CASE WHEN ${c('location_accuracy_m')} IS NULL THEN NULL
          ELSE ${jsNumberSql(c('location_accuracy_m'))} END AS "accuracyM") place) END AS "location",
    ${c('kind')} AS "kind",
    to_json(coalesce(${c('kinds')}, ARRAY[${c('kind')}])) AS "kinds",
    CASE WHEN ${c('source_parts')} IS NULL THEN
      (SELECT row_to_json(src) FROM (SELECT ${c('source_protocol')} AS "protocol", ${c('source_code')} AS "code",
        ${c('source_detail')} AS "detail") src)
    ELSE
      (SELECT row_to_json(src) FROM (SELECT ${c('source_protocol')} AS "protocol", ${c('source_code')} AS "code",
        ${c('source_detail')} AS "detail", ${c('source_parts')} AS "parts") src) END AS "source",
    (SELECT row_to_json(device) FROM (SELECT ${deviceId} AS "id", ${displayName} AS "displayName") device)
      AS "device"
  ) sos_json) sos_text)`;
}
