import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { pushDeliveries } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';

/** A delivery a process has claimed: everything needed to send it, and nothing else. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  topic: string;
  payload: string;
  expiresAt: Date;
}

/**
 * Claims up to `limit` due deliveries for this process: their next_attempt_at moves `leaseS`
 * ahead (past the send's timeout), so no other process takes them while this one sends; a
 * process that dies mid-send leaves them to be retried once the lease has passed. SKIP
 * LOCKED: processes claiming together share the work, none waits, none takes a row twice.
 * Expired ones are not claimed (the cleanup removes them), nor those to the origins in
 * `skipOrigins` (push/origins.ts: push services that could not be reached).
 */
export async function claimDue(
  db: Db,
  limit: number,
  leaseS: number,
  skipOrigins: readonly string[] = [],
): Promise<ClaimedDelivery[]> {
  const skip =
    skipOrigins.length === 0
      ? sql``
      : sql`AND NOT EXISTS (
          SELECT 1 FROM push_subscriptions s, unnest(${sql.param([...skipOrigins])}::text[]) o
          WHERE s.id = d.subscription_id AND starts_with(s.endpoint, o || '/'))`;
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.id FROM push_deliveries d JOIN push_messages m ON m.id = d.message_id
      WHERE d.next_attempt_at <= now() AND m.expires_at > now() ${skip}
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ),
    claimed AS (
      UPDATE push_deliveries d
      SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseS})
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.attempts, d.message_id, d.subscription_id
    )
    SELECT c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth, m.topic, m.payload,
           m.expires_at
    FROM claimed c
    JOIN push_messages m ON m.id = c.message_id
    JOIN push_subscriptions s ON s.id = c.subscription_id
    ORDER BY c.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: Number(row.id),
    attempts: Number(row.attempts),
    subscriptionId: Number(row.subscription_id),
    endpoint: String(row.endpoint),
    p256dh: String(row.p256dh),
    auth: String(row.auth),
    topic: String(row.topic),
    payload: String(row.payload),
    expiresAt: new Date(row.expires_at as string | Date),
  }));
}

/** Sent (or given up): the delivery is done. */
export async function finishDelivery(db: Tx, id: number): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
}

/** Tried again `afterMs` from now. */
export async function retryDelivery(db: Tx, id: number, afterMs: number): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${afterMs / 1000})` })
    .where(eq(pushDeliveries.id, id));
}

/**
 * Every delivery to `origin` waits at least `afterMs` from now (an unreachable push service,
 * push/origins.ts): in one statement, so none is claimed, encrypted and sent in vain meanwhile,
 * by this process or another.
 */
export async function postponeOrigin(db: Tx, origin: string, afterMs: number): Promise<void> {
  await db.execute(sql`
    UPDATE push_deliveries d SET next_attempt_at = greatest(d.next_attempt_at, now() + make_interval(secs => ${afterMs / 1000}))
    FROM push_subscriptions s WHERE s.id = d.subscription_id AND starts_with(s.endpoint, ${origin} || '/')`);
}

/** Removes messages past their TTL, and with them the deliveries nobody could make in time. */
export async function pruneExpired(db: Tx): Promise<void> {
  await db.execute(sql`DELETE FROM push_messages WHERE expires_at <= now()`);
}
