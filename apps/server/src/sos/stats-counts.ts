import { sql } from 'drizzle-orm';
import type { SosStats } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { median, r1 } from './stats-sql.js';
import type { ResolvedRange } from './range.js';

/** The head's figures that are counts and sums (the times come from stats-times.ts). */
type StatsCounts = Pick<
  SosStats,
  | 'total'
  | 'acknowledged'
  | 'ackWithinTargetPct'
  | 'ackWithin180sPct'
  | 'closedWithoutAck'
  | 'callsPerSos'
  | 'contactReachedPct'
>;

export interface CountsPart {
  head: StatsCounts;
  byOutcome: Partial<SosStats['byOutcome']>;
  byKind: Partial<SosStats['byKind']>;
  byOperator: SosStats['byOperator'];
}

/**
 * The reports' counts over the summary `sos_stats` (one narrow row per SOS, kept current by
 * triggers; drizzle/0014_sos_stats.sql), in ONE statement: every count and sum from one hash
 * pass grouped by outcome, kind and closer; the medians by acknowledger in (acker, ack_s) index
 * order (drizzle/0017_sos_stats_indexes.sql). "Ack" as docs/alarm-handling.md "Reports" has it.
 */
export async function statsCounts(
  tx: Tx,
  range: ResolvedRange,
  targetS: number,
): Promise<CountsPart> {
  const target = sql.raw(String(Number(targetS)));
  const pctOf = (part: string, whole: string) => r1(`100.0 * ${part} / nullif(${whole}, 0)`);
  const result = await tx.execute(sql`
    WITH ranged AS NOT MATERIALIZED (
      SELECT * FROM sos_stats WHERE created_at >= ${range.from}::timestamptz AND created_at < ${range.to}::timestamptz
    ),
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
        'closedWithoutAck', closed_unacked,
        'callsPerSos', round(calls::numeric / nullif(total, 0), 1)::float8,
        'contactReachedPct', round(100.0 * contact_answered / nullif(contact_calls, 0), 1)::float8
      ) FROM sums)::text AS head,
      (SELECT coalesce(json_object_agg(outcome, n), '{}') FROM (SELECT outcome, sum(n)::bigint AS n FROM groups
        WHERE outcome IS NOT NULL GROUP BY outcome) by_outcome)::text AS outcomes,
      (SELECT coalesce(json_object_agg(kind, n), '{}') FROM (SELECT kind, sum(n)::bigint AS n FROM groups
        GROUP BY kind) by_kind)::text AS kinds,
      (SELECT coalesce(json_agg(json_build_object('username', username, 'acknowledged', coalesce(acknowledged, 0),
        'closed', coalesce(closed, 0), 'medianAckSeconds', median_ack) ORDER BY username), '[]')
        FROM acks FULL JOIN closes USING (username))::text AS by_operator
  `);
  const row = rowsOf<{ head: string; outcomes: string; kinds: string; by_operator: string }>(
    result,
  )[0]!;
  return {
    head: JSON.parse(row.head) as StatsCounts,
    byOutcome: JSON.parse(row.outcomes) as CountsPart['byOutcome'],
    byKind: JSON.parse(row.kinds) as CountsPart['byKind'],
    byOperator: JSON.parse(row.by_operator) as SosStats['byOperator'],
  };
}
