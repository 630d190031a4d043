import { sql } from 'drizzle-orm';
import { emptyKindCounts, emptyOutcomeCounts, type SosStats } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { readAlarmConf } from '../conf/alarm-repository.js';
import { rowsOf } from '../db/rows.js';
import { median, r1 } from './stats-sql.js';
import { expectationStats, type ExpectationStats } from './expectation-stats.js';
import type { ResolvedRange } from './range.js';

/** The current target of /api/conf/alarm (its default when unset). */
export async function ackTargetSeconds(db: Tx): Promise<number> {
  return (await readAlarmConf(db)).ackTargetSeconds;
}

/**
 * docs/alarm-handling.md "Reports", in ONE statement over the SOS raised in [from, to). "Ack" is raise →
 * first acknowledgement, or → close for an SOS closed unacknowledged (credited to its closer);
 * an SOS with neither has no ack time, so it is never "within" (an open one past the target is
 * a miss). Percentiles and rounding run in PostgreSQL; days are days in `tz`.
 */
export async function sosStats(
  db: Db,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<SosStats> {
  // A year is ~110,000 SOS: room to sort them in memory rather than in temporary files
  // (measured on PostgreSQL: 0.58 s → 0.48 s), for this statement only.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    return { ...(await statsIn(tx, range, tz, targetS)), ...(await expectationStats(tx, range)) };
  });
}

/**
 * From the reports' summary `sos_stats` (one narrow row per SOS, kept current by triggers;
 * drizzle/0014_sos_stats.sql), never the timeline: each SOS's day is found by a binary search
 * of the range's local midnights (width_bucket) rather than a time-zone conversion per row, the
 * per-day pass also gives every summed figure, then the overall percentiles, the counts by
 * outcome, kind and closer in one grouping-sets pass, the medians by acknowledger.
 * test/sos/stats-oracle.test.ts holds it equal to the straightforward statements on random data.
 */
async function statsIn(
  db: Tx,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<Omit<SosStats, keyof ExpectationStats>> {
  const from = sql`${range.from}::timestamptz`;
  const to = sql`${range.to}::timestamptz`;
  const pctOf = (part: string, whole: string) => r1(`100.0 * ${part} / nullif(${whole}, 0)`);
  const result = await db.execute(sql`
    WITH midnights AS (
      -- Each day's local midnight: PostgreSQL reads a repeated one (clocks set back across it)
      -- at the later offset, so the offset of three hours before gives the first, when it exists.
      SELECT day::date AS day, day AT TIME ZONE ${tz} AS later,
        (day - (((day AT TIME ZONE ${tz}) - interval '3 hours') AT TIME ZONE ${tz}
          - (((day AT TIME ZONE ${tz}) - interval '3 hours') AT TIME ZONE 'UTC'))) AT TIME ZONE 'UTC' AS earlier
      FROM generate_series((${from} AT TIME ZONE ${tz})::date::timestamp,
        ((${to} - interval '1 microsecond') AT TIME ZONE ${tz})::date::timestamp, interval '1 day') day
    ),
    days AS (
      -- Local dates only move forward with time, so a day is [its first midnight, the next one).
      SELECT day, row_number() OVER (ORDER BY day) AS n, greatest(${from}, CASE
        WHEN earlier < later AND (earlier AT TIME ZONE ${tz})::date = day THEN earlier ELSE later END) AS starts
      FROM midnights
    ),
    ranged AS NOT MATERIALIZED (SELECT * FROM sos_stats WHERE created_at >= ${from} AND created_at < ${to}),
    per_day AS (
      SELECT width_bucket(created_at, (SELECT array_agg(starts ORDER BY starts) FROM days)) AS n,
        count(*) AS total, count(ack_s) AS acknowledged,
        count(*) FILTER (WHERE ack_s <= ${sql.raw(String(Number(targetS)))}) AS within,
        count(*) FILTER (WHERE ack_s <= 180) AS within180,
        count(*) FILTER (WHERE closed_unacked AND ack_steps = 0) AS closed_unacked,
        sum(calls) AS calls, sum(contact_calls) AS contact_calls, sum(contact_answered) AS contact_answered,
        ${median('ack_s')} AS median_ack
      FROM ranged GROUP BY 1
    ),
    sums AS (
      SELECT coalesce(sum(total), 0)::bigint AS total, coalesce(sum(acknowledged), 0)::bigint AS acknowledged,
        sum(within) AS within, sum(within180) AS within180, coalesce(sum(closed_unacked), 0)::bigint AS closed_unacked,
        sum(calls) AS calls, sum(contact_calls) AS contact_calls, sum(contact_answered) AS contact_answered
      FROM per_day
    ),
    percentiles AS (
      SELECT ${median('ack_s')} AS median_ack, ${r1('percentile_cont(0.9) WITHIN GROUP (ORDER BY ack_s)')} AS p90_ack,
        ${median('close_s')} AS median_close
      FROM ranged
    ),
    counts AS (
      SELECT GROUPING(outcome) = 0 AS by_outcome, GROUPING(kind) = 0 AS by_kind, outcome, kind,
        closed_by_username, count(*) AS n
      FROM ranged GROUP BY GROUPING SETS ((outcome), (kind), (closed_by_username))
    ),
    acks AS (
      SELECT acker AS username, count(*) AS acknowledged, ${median('ack_s')} AS median_ack
      FROM ranged WHERE acker IS NOT NULL GROUP BY acker
    ),
    closes AS (
      SELECT closed_by_username AS username, n AS closed FROM counts
      WHERE NOT by_outcome AND NOT by_kind AND closed_by_username IS NOT NULL
    )
    SELECT
      (SELECT json_build_object('total', total, 'acknowledged', acknowledged,
        'ackWithinTargetPct', ${pctOf('within', 'total')}, 'ackWithin180sPct', ${pctOf('within180', 'total')},
        'medianAckSeconds', median_ack, 'p90AckSeconds', p90_ack, 'medianCloseSeconds', median_close,
        'closedWithoutAck', closed_unacked,
        'callsPerSos', round(calls::numeric / nullif(total, 0), 1)::float8,
        'contactReachedPct', round(100.0 * contact_answered / nullif(contact_calls, 0), 1)::float8
      ) FROM sums, percentiles)::text AS head,
      (SELECT coalesce(json_object_agg(outcome, n), '{}') FROM counts WHERE by_outcome AND outcome IS NOT NULL)::text AS outcomes,
      (SELECT coalesce(json_object_agg(kind, n), '{}') FROM counts WHERE by_kind)::text AS kinds,
      (SELECT json_agg(json_build_object('day', to_char(days.day, 'YYYY-MM-DD'), 'total', coalesce(total, 0),
        'medianAckSeconds', median_ack, 'ackWithinTargetPct', ${pctOf('within', 'total')}) ORDER BY days.day)
        FROM days LEFT JOIN per_day USING (n))::text AS by_day,
      (SELECT coalesce(json_agg(json_build_object('username', username, 'acknowledged', coalesce(acknowledged, 0),
        'closed', coalesce(closed, 0), 'medianAckSeconds', median_ack) ORDER BY username), '[]')
        FROM acks FULL JOIN closes USING (username))::text AS by_operator
  `);
  const row = rowsOf<{
    head: string;
    outcomes: string;
    kinds: string;
    by_day: string;
    by_operator: string;
  }>(result)[0]!;
  return {
    ...(JSON.parse(row.head) as Omit<SosStats, 'byOutcome' | 'byKind' | 'byDay' | 'byOperator'>),
    byOutcome: { ...emptyOutcomeCounts(), ...(JSON.parse(row.outcomes) as SosStats['byOutcome']) },
    byKind: { ...emptyKindCounts(), ...(JSON.parse(row.kinds) as SosStats['byKind']) },
    byDay: JSON.parse(row.by_day) as SosStats['byDay'],
    byOperator: JSON.parse(row.by_operator) as SosStats['byOperator'],
  };
}
