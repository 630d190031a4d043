import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/** After this many failures for one username within the window, logins are refused. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_S = 300;

/** First half of the advisory lock key: the second half is the username's hash. */
const THROTTLE_LOCK_CLASS = 0x5305;

// Database time, so every server process sees the same window.
const windowStart = sql`now() - make_interval(secs => ${LOGIN_WINDOW_S})`;
const inWindow = (key: string) => and(eq(loginFailures.username, key), gt(loginFailures.at, windowStart));

/** Failures are counted per username whatever its case, so "Admin" and "admin" share a window. */
export function throttleKey(username: string): string {
  return username.trim().toLowerCase();
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * Counts the recent failures and, when one more attempt is allowed, records it as a
 * failure BEFORE the password is checked (a success removes it). The per-username
 * advisory lock makes count-then-insert atomic: a burst of parallel guesses gets
 * exactly MAX_LOGIN_FAILURES tries, on one process or many.
 */
export async function beginAttempt(db: Db, key: string): Promise<Attempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, hashtext(${key}))`);
    const [recent] = await tx.select({ n: count() }).from(loginFailures).where(inWindow(key));
    if ((recent?.n ?? 0) >= MAX_LOGIN_FAILURES) {
      // A refused attempt records nothing: hammering a blocked username does not extend the block.
      return { allowed: false, retryAfterS: await retryAfter(tx, key) };
    }
    await tx.insert(loginFailures).values({ username: key });
    return { allowed: true };
  });
}

/** Seconds until the oldest of the last MAX_LOGIN_FAILURES failures leaves the window. */
async function retryAfter(tx: Tx, key: string): Promise<number> {
  const [row] = await tx
    .select({
      s: sql<string>`ceil(extract(epoch from (${loginFailures.at} + make_interval(secs => ${LOGIN_WINDOW_S}) - now())))`,
    })
    .from(loginFailures)
    .where(inWindow(key))
    .orderBy(desc(loginFailures.at))
    .limit(1)
    .offset(MAX_LOGIN_FAILURES - 1);
  const seconds = Number(row?.s ?? 1);
  return Number.isFinite(seconds) ? Math.min(Math.max(1, seconds), LOGIN_WINDOW_S) : 1;
}

/** The attempt failed: its row stays; rows older than the window are pruned (the table stays small). */
export async function recordFailure(db: Tx): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, windowStart));
}

/**
 * The attempt succeeded: the user proved he knows the password, so his failures are
 * forgotten (otherwise four typos, a login, then one more typo would lock him out).
 * A blocked username never gets this far, so a success cannot lift a block.
 */
export async function recordSuccess(db: Tx, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, key));
}
