import { sql, type SQL } from 'drizzle-orm';
import { REPORT_MAX_DAYS, STATS_DEFAULT_DAYS, type ReportRangeQuery } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { invalid } from '../lib/domain-error.js';
import { rowsOf } from '../db/rows.js';
import { boundSql } from '../log/bounds.js';

/** A report's half-open range [from, to) of raise times, as PostgreSQL timestamptz literals. */
export interface ResolvedRange {
  from: string;
  to: string;
}

const todayEnd = (tz: string) =>
  sql`(((now() AT TIME ZONE ${tz})::date + 1)::timestamp AT TIME ZONE ${tz})`;
/** A timestamptz as ISO 8601 UTC with microseconds (PostgreSQL's precision, which a Date would cut). */
export const isoMicrosSql = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The stats' range: given bounds, else the STATS_DEFAULT_DAYS days ending with `to`'s last day
 * (today by default). A 400 when it is empty, reversed or longer than REPORT_MAX_DAYS.
 */
export async function resolveStatsRange(
  db: Tx,
  query: ReportRangeQuery,
  tz: string,
): Promise<ResolvedRange> {
  const to = query.to === undefined ? todayEnd(tz) : boundSql(query.to, 'to', tz);
  const lastDay = sql`((t - interval '1 microsecond') AT TIME ZONE ${tz})::date`;
  const from =
    query.from === undefined
      ? sql`((${lastDay} - ${STATS_DEFAULT_DAYS - 1}::int)::timestamp AT TIME ZONE ${tz})`
      : boundSql(query.from, 'from', tz);
  const result = await db.execute(sql`
    SELECT ${isoMicrosSql(sql`f`)} AS "from", ${isoMicrosSql(sql`t`)} AS "to", t > f AS ordered, t - f <= ${`${REPORT_MAX_DAYS} days`}::interval AS bounded
    FROM (SELECT ${to} AS t) bound_to, LATERAL (SELECT ${from} AS f) bound_from`);
  const row = rowsOf<{ from: string; to: string; ordered: boolean; bounded: boolean }>(result)[0]!;
  if (!row.ordered) throw invalid('from must be before to');
  if (!row.bounded) {
    throw invalid(`the range must not be longer than ${REPORT_MAX_DAYS} days`);
  }
  return { from: row.from, to: row.to };
}
