import { sql } from 'drizzle-orm';
import type { SosStats } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { median, r1 } from './stats-sql.js';
import type { ResolvedRange } from './range.js';

export interface TimesPart {
  head: Pick<SosStats, 'medianAckSeconds' | 'p90AckSeconds' | 'medianCloseSeconds'>;
  byDay: SosStats['byDay'];
}

/**
 * The reports' times over the summary `sos_stats`, in ONE statement: the overall percentiles
 * in one pass; each day an index-only range scan of (created_at) carrying ack_s, from its
 * first local midnight to the next (no time-zone conversion per row, no sort of the range by
 * day); days are days in `tz`. Percentiles and rounding run in PostgreSQL.
 */
export async function statsTimes(
  tx: Tx,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<TimesPart> {
  const from = sql`${range.from}::timestamptz`;
  const to = sql`${range.to}::timestamptz`;
  const target = sql.raw(String(Number(targetS)));
  const result = await tx.execute(sql`
    WITH midnights AS (
      -- Each day's local midnight: PostgreSQL reads a repeated one (clocks set back across it)
      -- at the later offset, so the offset of three hours before gives the first, when it exists.
      SELECT day::date AS day, day AT TIME ZONE ${tz} AS later,
        (day - (((day AT TIME ZONE ${tz}) - interval '3 hours') AT TIME ZONE ${tz}
          - (((day AT TIME ZONE ${tz}) - interval '3 hours') AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC' AS earlier
      FROM generate_series((${from} AT TIME ZONE ${tz})::date::timestamp,
        ((${to} - interval '1 microsecond') AT TIME ZONE ${tz})::date::timestamp, interval '1 day') day
    ),
    starts AS (
      -- Local dates only move forward with time, so a day is [its first midnight, the next one).
      SELECT day, greatest(${from}, CASE
        WHEN earlier < later AND (earlier AT TIME ZONE ${tz})::date = day THEN earlier ELSE later END) AS starts
      FROM midnights
    ),
    days AS (SELECT day, starts, lead(starts, 1, ${to}) OVER (ORDER BY day) AS ends FROM starts),
    per_day AS (
      SELECT d.day, x.* FROM days d CROSS JOIN LATERAL (
        SELECT count(*) AS total, count(*) FILTER (WHERE ack_s <= ${target}) AS within, ${median('ack_s')} AS median_ack
        FROM sos_stats WHERE created_at >= d.starts AND created_at < d.ends) x
    ),
    percentiles AS (
      SELECT ${median('ack_s')} AS median_ack, ${r1('percentile_cont(0.9) WITHIN GROUP (ORDER BY ack_s)')} AS p90_ack,
        ${median('close_s')} AS median_close
      FROM sos_stats WHERE created_at >= ${from} AND created_at < ${to}
    )
    SELECT
      (SELECT json_build_object('medianAckSeconds', median_ack, 'p90AckSeconds', p90_ack,
        'medianCloseSeconds', median_close) FROM percentiles)::text AS head,
      (SELECT json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'total', total,
        'medianAckSeconds', median_ack, 'ackWithinTargetPct', ${r1('100.0 * within / nullif(total, 0)')}) ORDER BY day)
        FROM per_day)::text AS by_day
  `);
  const row = rowsOf<{ head: string; by_day: string }>(result)[0]!;
  return {
    head: JSON.parse(row.head) as TimesPart['head'],
    byDay: JSON.parse(row.by_day) as SosStats['byDay'],
  };
}
