import { sql } from 'drizzle-orm';
import { emptyKindCounts, emptyOutcomeCounts, type SosStats } from '@sos/contract';
import type { Db, Tx } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import type { ResolvedRange } from '../../src/sos/range.js';
import { expectationStats } from '../../src/sos/expectation-stats.js';

/*
 * The straightforward statistics (docs/alarm-handling.md "Reports"), as the server computed
 * them before src/sos/stats-repository.ts was made cheap: the oracle it is held equal to.
 * Kept as it was, word for word; a new figure goes into both.
 */

/** The oracle's stats: the same transaction and work_mem, the two statements of old. */
export async function straightforwardStats(
  db: Db,
  range: ResolvedRange,
  tz: string,
  targetS: number,
): Promise<SosStats> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    // The expected events' misses are their own table's count (docs/expected-events.md), not a figure of the SOS.
    return {
      ...(await statsIn(tx, range, tz, targetS)),
      ...(await callStats(tx, range)),
      ...(await expectationStats(tx, range)),
    };
  });
}

/** One decimal, rounded in numeric (half away from zero), null stays null. */
const r1 = (value: string) => sql.raw(`round((${value})::numeric, 1)::float8`);
const pct = (part: string) => r1(`100.0 * ${part} / nullif(count(*), 0)`);
const median = (column: string) => r1(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`);

async function statsIn(db: Tx, range: ResolvedRange, tz: string, targetS: number) {
  const within = `count(*) FILTER (WHERE ack_s <= ${Number(targetS)})`;
  const result = await db.execute(sql`
    WITH base AS MATERIALIZED (
      SELECT (created_at AT TIME ZONE ${tz})::date AS day, outcome, kind, closed_by_username,
        CASE WHEN acknowledged_at IS NOT NULL THEN acknowledged_by_username ELSE closed_by_username END AS acker,
        extract(epoch FROM coalesce(acknowledged_at, closed_at) - created_at)::float8 AS ack_s,
        extract(epoch FROM closed_at - created_at)::float8 AS close_s
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
    per_operator AS (
      SELECT username, sum(ack)::int AS acknowledged, sum(closed)::int AS closed, ${median('ack_s')} AS median_ack
      FROM (
        SELECT acker AS username, 1 AS ack, 0 AS closed, ack_s FROM base WHERE acker IS NOT NULL
        UNION ALL
        SELECT closed_by_username, 0, 1, NULL FROM base WHERE closed_by_username IS NOT NULL
      ) credited GROUP BY username
    )
    SELECT
      (SELECT json_build_object('total', count(*), 'acknowledged', count(ack_s),
        'ackWithinTargetPct', ${pct(within)}, 'ackWithin180sPct', ${pct('count(*) FILTER (WHERE ack_s <= 180)')},
        'medianAckSeconds', ${median('ack_s')}, 'p90AckSeconds', ${r1('percentile_cont(0.9) WITHIN GROUP (ORDER BY ack_s)')},
        'medianCloseSeconds', ${median('close_s')},
        'closedWithoutAck', (SELECT count(*) FROM sos s WHERE s.created_at >= ${range.from}::timestamptz
          AND s.created_at < ${range.to}::timestamptz AND s.state = 'CLOSED' AND s.acknowledged_at IS NULL
          AND s.id NOT IN (SELECT sos_id FROM sos_timeline WHERE type = 'ACKNOWLEDGED'))) FROM base)::text AS head,
      (SELECT coalesce(json_object_agg(outcome, n), '{}') FROM
        (SELECT outcome, count(*) AS n FROM base WHERE outcome IS NOT NULL GROUP BY outcome) o)::text AS outcomes,
      (SELECT coalesce(json_object_agg(kind, n), '{}') FROM
        (SELECT kind, count(*) AS n FROM base GROUP BY kind) k)::text AS kinds,
      (SELECT json_agg(json_build_object('day', to_char(days.day, 'YYYY-MM-DD'), 'total', coalesce(total, 0),
        'medianAckSeconds', median_ack, 'ackWithinTargetPct', within_pct) ORDER BY days.day)
        FROM days LEFT JOIN per_day USING (day))::text AS by_day,
      (SELECT coalesce(json_agg(json_build_object('username', username, 'acknowledged', acknowledged,
        'closed', closed, 'medianAckSeconds', median_ack) ORDER BY username), '[]') FROM per_operator)::text AS by_operator
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

/**
 * The stats' call figures over the SOS raised in [from, to) (docs/call-out.md):
 * callsPerSos = calls logged on those SOS ÷ those SOS, null when there is none;
 * contactReachedPct = ANSWERED CONTACT calls ÷ CONTACT calls on them, ×100, null when none.
 * One decimal, rounded in numeric (half away from zero) like the other figures.
 */
async function callStats(tx: Tx, range: ResolvedRange) {
  const result = await tx.execute(sql`
    WITH ranged AS MATERIALIZED (
      SELECT id FROM sos WHERE created_at >= ${range.from}::timestamptz AND created_at < ${range.to}::timestamptz
    ),
    calls AS MATERIALIZED (
      SELECT t.call_to, t.call_result FROM ranged JOIN sos_timeline t ON t.sos_id = ranged.id AND t.type = 'CALL'
    )
    SELECT
      round((SELECT count(*) FROM calls)::numeric / nullif((SELECT count(*) FROM ranged), 0), 1)::float8
        AS "callsPerSos",
      (SELECT round(100.0 * count(*) FILTER (WHERE call_result = 'ANSWERED') / nullif(count(*), 0), 1)::float8
        FROM calls WHERE call_to = 'CONTACT') AS "contactReachedPct"`);
  const row = rowsOf<{
    callsPerSos: number | string | null;
    contactReachedPct: number | string | null;
  }>(result)[0];
  const num = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return { callsPerSos: num(row?.callsPerSos), contactReachedPct: num(row?.contactReachedPct) };
}
