import { and, count, desc, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/** After this many failures for one username within the window, logins are refused. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_S = 300;

// Database time, so every server process sees the same window.
const windowStart = sql`now() - make_interval(secs => ${LOGIN_WINDOW_S})`;

/** Failures are counted per username whatever its case, so "Admin" and "admin" share a window. */
export function throttleKey(username: string): string {
  return username.trim().toLowerCase();
}

export type Attempt = { allowed: true; id: number } | { allowed: false; retryAfterS: number };

/**
 * Records the attempt BEFORE the password is checked, then counts: concurrent attempts
 * see each other, so a burst of parallel guesses cannot slip past the limit. A refused
 * attempt removes its row, so hammering a blocked username does not extend the block.
 */
export async function beginAttempt(db: Tx, key: string): Promise<Attempt> {
  const [row] = await db
    .insert(loginFailures)
    .values({ username: key })
    .returning({ id: loginFailures.id });
  if (!row) throw new Error('login_failures insert returned no row');
  const [counted] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(eq(loginFailures.username, key), gt(loginFailures.at, windowStart), lte(loginFailures.id, row.id)),
    );
  if ((counted?.n ?? 0) <= MAX_LOGIN_FAILURES) return { allowed: true, id: row.id };
  await db.delete(loginFailures).where(eq(loginFailures.id, row.id));
  return { allowed: false, retryAfterS: await retryAfter(db, key, row.id) };
}

/** Seconds until the oldest of the last MAX_LOGIN_FAILURES failures leaves the window. */
async function retryAfter(db: Tx, key: string, ownId: number): Promise<number> {
  const [row] = await db
    .select({
      s: sql<string>`ceil(extract(epoch from (${loginFailures.at} + make_interval(secs => ${LOGIN_WINDOW_S}) - now())))`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key), gt(loginFailures.at, windowStart), ne(loginFailures.id, ownId)))
    .orderBy(desc(loginFailures.at))
    .limit(1)
    .offset(MAX_LOGIN_FAILURES - 1);
  const seconds = Number(row?.s ?? 1);
  return Number.isFinite(seconds) ? Math.min(Math.max(1, seconds), LOGIN_WINDOW_S) : 1;
}

/** The attempt failed: its row stays as a failure; rows older than the window are pruned. */
export async function recordFailure(db: Tx): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, windowStart));
}

/**
 * The attempt succeeded: the user proved he knows the password, so his earlier failures
 * are forgotten (otherwise four typos, a login, then one more typo would lock him out).
 * A blocked username never reaches this point, so it cannot be used to lift a block.
 */
export async function recordSuccess(db: Tx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key));
}
