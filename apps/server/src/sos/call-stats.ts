import { sql, type SQL } from 'drizzle-orm';
import type { SosStats } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../live/outbox.js';

/** How many calls were logged on the SOS whose id `sosId` gives (the history's "Chiamate"). */
export const callCountSql = (sosId: SQL) =>
  sql<number>`(SELECT count(*)::int FROM sos_timeline calls WHERE calls.sos_id = ${sosId} AND calls.type = 'CALL')`.mapWith(
    Number,
  );

export type CallStats = Pick<SosStats, 'callsPerSos' | 'contactReachedPct'>;

/**
 * The stats' call figures over the SOS raised in [from, to) (docs/call-out.md):
 * callsPerSos = calls logged on those SOS ÷ those SOS, null when there is none;
 * contactReachedPct = ANSWERED CONTACT calls ÷ CONTACT calls on them, ×100, null when none.
 * One decimal, rounded in numeric (half away from zero) like the other figures.
 */
export async function callStats(tx: Tx, range: { from: string; to: string }): Promise<CallStats> {
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
  const row = rowsOf<{ callsPerSos: number | string | null; contactReachedPct: number | string | null }>(result)[0];
  const num = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return { callsPerSos: num(row?.callsPerSos), contactReachedPct: num(row?.contactReachedPct) };
}
