import { sql, type SQL } from 'drizzle-orm';

/** An ISO 8601 UTC timestamp with milliseconds, as Date.toISOString() writes it. */
const isoSql = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * toSosJson (mappers.ts) written in SQL, for the statements that raise or close an SOS and
 * write its live event in one round trip. `s` names a relation with the sos table's columns;
 * test/routes/device/sos-json-sql.test.ts proves both give the same JSON.
 */
export function sosJsonSql(s: string, deviceId: SQL, displayName: SQL): SQL {
  const c = (column: string) => sql.raw(`${s}.${column}`);
  return sql`json_build_object(
    'id', ${c('id')},
    'state', ${c('state')},
    'dateCreated', ${isoSql(c('created_at'))},
    'lastUpdated', ${isoSql(c('updated_at'))},
    'dateClosed', CASE WHEN ${c('closed_at')} IS NULL THEN NULL ELSE ${isoSql(c('closed_at'))} END,
    'closedBy', CASE WHEN ${c('closed_by_username')} IS NULL THEN NULL
      ELSE json_build_object('id', ${c('closed_by_id')}, 'username', ${c('closed_by_username')}) END,
    'device', json_build_object('id', ${deviceId}, 'displayName', ${displayName})
  )::text`;
}
