import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client.js';
import { rowsOf } from './rows.js';

/**
 * Milliseconds from the database's now() to `due` (an aggregate over `from`, e.g. the earliest
 * deadline), 0 when it has passed, null when it is NULL (no row): the next due time the loops of
 * lib/due-loop.ts sleep until, by one clock for every process. The clamp to 0 is done here, not
 * with GREATEST in SQL: GREATEST ignores NULLs, so greatest(0, NULL) is 0, and a loop with
 * nothing pending took "due now" and ran a round every 50 ms while idle.
 */
export async function msUntil(db: Tx, due: SQL, from: SQL): Promise<number | null> {
  const result = await db.execute(
    sql`SELECT (extract(epoch FROM ${due} - now()) * 1000)::float8 AS ms FROM ${from}`,
  );
  const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}
