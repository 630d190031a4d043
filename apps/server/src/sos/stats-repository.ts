import { sql } from 'drizzle-orm';
import { emptyKindCounts, emptyOutcomeCounts, type SosStats } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { readAlarmConf } from '../conf/alarm-repository.js';
import { rowsOf } from '../live/outbox.js';
import { median, pct, r1, seconds } from './stats-sql.js';
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
 * One pass over the range's SOS into `base` (MATERIALIZED: read once), then every figure from
 * it: the counts by outcome, kind and closer in one grouping-sets pass, the medians by day and
 * by acknowledger, the calls by joining the timeline's CALL entries (docs/call-out.md).
 * test/sos/stats-oracle.test.ts holds it equal to the straightforward statements on random data.
 */
async function statsIn(
  db: Tx,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<Omit<SosStats, keyof ExpectationStats>> {
  const within = `count(*) FILTER (WHERE ack_s <= ${Number(targetS)})`;
  const result = await db.execute(sql`
    WITH base AS MATERIALIZED (
      SELECT id, (created_at AT TIME ZONE ${tz})::date AS day, outcome, kind, closed_by_username,
        CASE WHEN acknowledged_at IS NOT NULL THEN acknowledged_by_username ELSE closed_by_username END AS acker,
        ${sql.raw(seconds('coalesce(acknowledged_at, closed_at)', 'created_at'))} AS ack_s,
        ${sql.raw(seconds('closed_at', 'created_at'))} AS close_s,
        -- Closed and never taken in charge: not now, and no ACKNOWLEDGED step a re-alert undid.
        (state = 'CLOSED' AND acknowledged_at IS NULL AND NOT EXISTS (SELECT 1 FROM sos_timeline t
          WHERE t.sos_id = sos.id AND t.type = 'ACKNOWLEDGED')) AS closed_unacked
      FROM sos WHERE created_at >= ${range.from}::timestamptz AND created_at < ${range.to}::timestamptz
    ),
    days AS (
      SELECT generate_series((${range.from}::timestamptz AT TIME ZONE ${tz})::date::timestamp,
        ((${range.to}::timestamptz - interval '1 microsecond') AT TIME ZONE ${tz})::date::timestamp,
        interval '1 day')::date AS day
    ),
    per_day AS (
      SELECT day, count(*) AS total, ${median('ack_s')} AS median_ack, ${pct(within)} AS within_pct
      FROM base GROUP BY day
    ),
    counts AS (
      SELECT GROUPING(outcome) = 0 AS by_outcome, GROUPING(kind) = 0 AS by_kind, outcome, kind,
        closed_by_username, count(*) AS n
      FROM base GROUP BY GROUPING SETS ((outcome), (kind), (closed_by_username))
    ),
    acks AS (
      SELECT acker AS username, count(*) AS acknowledged, ${median('ack_s')} AS median_ack
      FROM base WHERE acker IS NOT NULL GROUP BY acker
    ),
    closes AS (
      SELECT closed_by_username AS username, n AS closed FROM counts
      WHERE NOT by_outcome AND NOT by_kind AND closed_by_username IS NOT NULL
    ),
    calls AS (
      SELECT count(*) AS logged, count(*) FILTER (WHERE t.call_to = 'CONTACT') AS contact,
        count(*) FILTER (WHERE t.call_to = 'CONTACT' AND t.call_result = 'ANSWERED') AS answered
      FROM base JOIN sos_timeline t ON t.sos_id = base.id AND t.type = 'CALL'
    )
    SELECT
      (SELECT json_build_object('total', count(*), 'acknowledged', count(ack_s),
        'ackWithinTargetPct', ${pct(within)}, 'ackWithin180sPct', ${pct('count(*) FILTER (WHERE ack_s <= 180)')},
        'medianAckSeconds', ${median('ack_s')}, 'p90AckSeconds', ${r1('percentile_cont(0.9) WITHIN GROUP (ORDER BY ack_s)')},
        'medianCloseSeconds', ${median('close_s')},
        'closedWithoutAck', count(*) FILTER (WHERE closed_unacked),
        'callsPerSos', round((SELECT logged FROM calls)::numeric / nullif(count(*), 0), 1)::float8,
        'contactReachedPct', (SELECT round(100.0 * answered / nullif(contact, 0), 1)::float8 FROM calls)
      ) FROM base)::text AS head,
      (SELECT coalesce(json_object_agg(outcome, n), '{}') FROM counts WHERE by_outcome AND outcome IS NOT NULL)::text AS outcomes,
      (SELECT coalesce(json_object_agg(kind, n), '{}') FROM counts WHERE by_kind)::text AS kinds,
      (SELECT json_agg(json_build_object('day', to_char(days.day, 'YYYY-MM-DD'), 'total', coalesce(total, 0),
        'medianAckSeconds', median_ack, 'ackWithinTargetPct', within_pct) ORDER BY days.day)
        FROM days LEFT JOIN per_day USING (day))::text AS by_day,
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
