import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DomainError } from '../lib/domain-error.js';
import { clearPairFailures, countFailures, insertFailure } from './failures.js';
import { MAX_QUEUE_S, waitForPaceSlot } from './pace.js';

/** docs/security.md: failed logins count within 5 minutes. */
const LOGIN_WINDOW_S = 300;

export interface LoginLimits {
  /** SOS_LOGIN_FAILURES_PER_PAIR */
  perPair: number;
  /** SOS_LOGIN_FAILURES_PER_ADDRESS */
  perAddress: number;
}

/** First half of the advisory lock key: the second half is the (username, address) pair's hash. */
const THROTTLE_LOCK_CLASS = 0x5305;

const tooManyLogins = (retryAfterS: number) =>
  new DomainError(
    'too-many',
    'TOO_MANY_LOGIN_ATTEMPTS',
    `Too many failed logins: retry in ${retryAfterS} seconds`,
    retryAfterS,
  );

/**
 * Per address, whatever the usernames: once it has failed `perAddress` times in the window,
 * every login from it waits for its slot, one a second (a spray slows to ~60 a minute; a
 * colleague behind the same address still gets in, a second later).
 */
export async function paceSprayingAddress(db: Db, address: string, limits: LoginLimits) {
  const failures = await countFailures(db, { kind: 'login', address, windowS: LOGIN_WINDOW_S });
  if (failures.count < limits.perAddress) return;
  if (!(await waitForPaceSlot(db, 'login', address))) throw tooManyLogins(MAX_QUEUE_S);
}

/**
 * Per (username, address) — the username as its keyed HMAC over the trimmed, lower-case name
 * (audit/username-hash.ts), so "Admin" and "admin" share a window: counts the pair's recent failures and, when one more attempt is
 * allowed, records it as a failure BEFORE the password is checked (a success removes it).
 * The pair's advisory lock makes count-then-insert atomic: a burst of parallel guesses gets
 * exactly `perPair` tries, on one process or many. Refused: 429 until the window passes,
 * the right password included; the same user from another address is another pair.
 */
export async function beginAttempt(
  db: Db,
  username: string,
  address: string,
  limits: LoginLimits,
): Promise<void> {
  const scope = { kind: 'login' as const, username, address, windowS: LOGIN_WINDOW_S };
  const refused = await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, hashtext(${username + '\n' + address}))`,
    );
    const recent = await countFailures(tx, scope);
    if (recent.count >= limits.perPair) return recent.retryAfterS;
    await insertFailure(tx, scope);
    return undefined;
  });
  if (refused !== undefined) throw tooManyLogins(refused);
}

/**
 * The attempt succeeded: the user proved he knows the password, so the pair's failures are
 * forgotten (otherwise four typos, a login, then one more typo would lock him out). A
 * refused pair never gets this far, so a success cannot lift a block.
 */
export async function recordSuccess(db: Db, username: string, address: string): Promise<void> {
  await clearPairFailures(db, username, address);
}
