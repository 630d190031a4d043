import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { pushSubscriptions } from '../db/schema.js';
import { cursorForFirst } from './fan-out.js';

/**
 * Stores a browser's subscription for a user. Answers whether it is new: an endpoint seen
 * before (the same browser, maybe signed in as someone else now) is updated and now belongs
 * to the caller, so a shared device never notifies the previous user. A first subscription
 * moves the fan-out's cursor in the same transaction (fan-out.ts cursorForFirst).
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  body: PushSubscriptionBody,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: sql`now()` },
      })
      // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
      .returning({ id: pushSubscriptions.id, inserted: sql<boolean>`(xmax = 0)` });
    if (row?.inserted !== true) return false;
    await cursorForFirst(tx, row.id);
    return true;
  });
}

/** Deletes the caller's own subscription of that endpoint, if any (someone else's stays). */
export async function deleteSubscription(db: Tx, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A push service answered 404/410: the browser dropped the subscription, so do we. */
export async function dropSubscription(db: Tx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
