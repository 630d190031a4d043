import { sql } from 'drizzle-orm';
import type { SosStats } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

export type ExpectationStats = Pick<SosStats, 'checkInsMissed' | 'testsMissed'>;

/**
 * The stats' misses (docs/expected-events.md): check-in windows ended with no check-in and
 * periodic tests found missing, each counted when the engine found it, in [from, to).
 */
export async function expectationStats(
  tx: Tx,
  range: { from: string; to: string },
): Promise<ExpectationStats> {
  const result = await tx.execute(sql`
    SELECT count(*) FILTER (WHERE kind = 'CHECK_IN')::int AS "checkInsMissed",
      count(*) FILTER (WHERE kind = 'TEST')::int AS "testsMissed"
    FROM expectation_misses WHERE at >= ${range.from}::timestamptz AND at < ${range.to}::timestamptz`);
  const row = rowsOf<{ checkInsMissed: number | string; testsMissed: number | string }>(result)[0];
  return {
    checkInsMissed: Number(row?.checkInsMissed ?? 0),
    testsMissed: Number(row?.testsMissed ?? 0),
  };
}
