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
 * drizzle/0014_sos_stats.sql), never the timeline. Each day is an index-only range scan of
 * (created_at) carrying ack_s, from its first local midnight to the next (no time-zone
 * conversion per row, no sort of the range by day); every count and sum comes from ONE hash
 * pass grouped by outcome, kind and closer; the overall percentiles from one pass; the medians
 * by acknowledger in (acker, ack_s) index order (drizzle/0017_sos_stats_indexes.sql).
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
  const target = sql.raw(String(Number(targetS)));
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
    ranged AS NOT MATERIALIZED (SELECT * FROM sos_stats WHERE created_at >= ${from} AND created_at < ${to}),
    groups AS MATERIALIZED (
      SELECT outcome, kind, closed_by_username, count(*) AS n, count(ack_s) AS acknowledged,
        count(*) FILTER (WHERE ack_s <= ${target}) AS within, count(*) FILTER (WHERE ack_s <= 180) AS within180,
        count(*) FILTER (WHERE closed_unacked AND ack_steps = 0) AS closed_unacked,
        sum(calls) AS calls, sum(contact_calls) AS contact_calls, sum(contact_answered) AS contact_answered
      FROM ranged GROUP BY outcome, kind, closed_by_username
    ),
    sums AS (
      SELECT coalesce(sum(n), 0)::bigint AS total, coalesce(sum(acknowledged), 0)::bigint AS acknowledged,
        sum(within) AS within, sum(within180) AS within180, coalesce(sum(closed_unacked), 0)::bigint AS closed_unacked,
        sum(calls) AS calls, sum(contact_calls) AS contact_calls, sum(contact_answered) AS contact_answered
      FROM groups
    ),
    percentiles AS (
      SELECT ${median('ack_s')} AS median_ack, ${r1('percentile_cont(0.9) WITHIN GROUP (ORDER BY ack_s)')} AS p90_ack,
        ${median('close_s')} AS median_close
      FROM ranged
    ),
    acks AS (
      SELECT acker AS username, count(*) AS acknowledged, ${median('ack_s')} AS median_ack
      FROM (SELECT acker, ack_s FROM ranged WHERE acker IS NOT NULL ORDER BY acker, ack_s) ordered GROUP BY acker
    ),
    closes AS (
      SELECT closed_by_username AS username, sum(n)::bigint AS closed FROM groups
      WHERE closed_by_username IS NOT NULL GROUP BY closed_by_username
    )
    SELECT
      (SELECT json_build_object('total', total, 'acknowledged', acknowledged,
        'ackWithinTargetPct', ${pctOf('within', 'total')}, 'ackWithin180sPct', ${pctOf('within180', 'total')},
        'medianAckSeconds', median_ack, 'p90AckSeconds', p90_ack, 'medianCloseSeconds', median_close,
        'closedWithoutAck', closed_unacked,
        'callsPerSos', round(calls::numeric / nullif(total, 0), 1)::float8,
        'contactReachedPct', round(100.0 * contact_answered / nullif(contact_calls, 0), 1)::float8
      ) FROM sums, percentiles)::text AS head,
      (SELECT coalesce(json_object_agg(outcome, n), '{}') FROM (SELECT outcome, sum(n)::bigint AS n FROM groups
        WHERE outcome IS NOT NULL GROUP BY outcome) by_outcome)::text AS outcomes,
      (SELECT coalesce(json_object_agg(kind, n), '{}') FROM (SELECT kind, sum(n)::bigint AS n FROM groups
        GROUP BY kind) by_kind)::text AS kinds,
      (SELECT json_agg(json_build_object('day', to_char(day, 'YYYY-MM-DD'), 'total', total,
        'medianAckSeconds', median_ack, 'ackWithinTargetPct', ${pctOf('within', 'total')}) ORDER BY day)
        FROM per_day)::text AS by_day,
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
