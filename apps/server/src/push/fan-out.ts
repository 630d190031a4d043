import { and, asc, gt, inArray, lte, sql } from 'drizzle-orm';
import { PUSH_TTL_SECONDS } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { events, pushCursor, pushMessages } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { lockSettledHead, readSettledHead } from '../live/store.js';
import { PUSHED_EVENT_TYPES, pushMessageOf } from './messages.js';

const PAGE = 500;

/**
 * The cursor's one row, written at the first start with push: it starts at the newest event,
 * so nothing that happened before is pushed. Processes starting together: one insert wins.
 */
export async function ensurePushCursor(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO push_cursor (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM events
    ON CONFLICT (id) DO NOTHING`);
}

/**
 * Turns the outbox events after the cursor into push messages and one delivery per
 * subscription, exactly once whatever the number of processes: the cursor row is locked FOR
 * UPDATE and moved on in the same transaction that writes the deliveries, so a second process
 * waits, then reads the moved cursor and finds nothing left (a crash rolls both back). Only
 * settled events are read (live/store.ts): no smaller id can commit after the cursor passed
 * it. Events older than the TTL are skipped: a push about them would arrive stale.
 * Answers whether anyone is subscribed and how many deliveries it wrote.
 */
export async function fanOut(db: Db): Promise<{ subscribed: boolean; written: number }> {
  // The poll's common case, without the ordering lock that a settled read takes.
  const status = rowsOf<{ behind: boolean; subscribed: boolean }>(
    await db.execute(
      sql`SELECT (SELECT last_event_id FROM push_cursor WHERE id = 1) < (SELECT max(id) FROM events) AS behind,
                 EXISTS (SELECT 1 FROM push_subscriptions) AS subscribed`,
    ),
  )[0];
  const subscribed = status?.subscribed === true;
  // Nobody to push to: the cursor stays, and a first subscription moves it (cursorForFirst).
  if (status?.behind !== true || !subscribed) return { subscribed, written: 0 };
  return { subscribed, written: await fanOutBehind(db) };
}

/**
 * While nobody is subscribed the fan-out does nothing at all (no lock per event, no message
 * nobody receives), so the cursor falls behind. The transaction storing a first subscription
 * moves it to the settled head, where a pass with no subscriber would have left it: the new
 * subscription is pushed what commits after it, never what happened before.
 */
export async function cursorForFirst(tx: Tx, subscriptionId: number): Promise<void> {
  const head = await lockSettledHead(tx);
  await tx.execute(sql`
    UPDATE push_cursor SET last_event_id = greatest(last_event_id, ${head})
    WHERE id = 1 AND NOT EXISTS (SELECT 1 FROM push_subscriptions WHERE id <> ${subscriptionId})`);
}

async function fanOutBehind(db: Db): Promise<number> {
  const head = await readSettledHead(db);
  let written = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const cursor = rowsOf<{ last: unknown }>(
        await tx.execute(
          sql`SELECT last_event_id AS last FROM push_cursor WHERE id = 1 FOR UPDATE`,
        ),
      )[0];
      const last = Number(cursor?.last ?? head);
      if (last >= head) return { done: true, written: 0 };
      const rows = await tx
        .select({
          id: events.id,
          type: events.type,
          data: events.data,
          createdAt: events.createdAt,
        })
        .from(events)
        .where(
          and(gt(events.id, last), lte(events.id, head), inArray(events.type, PUSHED_EVENT_TYPES)),
        )
        .orderBy(asc(events.id))
        .limit(PAGE);
      const upTo = rows.length === PAGE ? rows[rows.length - 1]!.id : head;
      const fresh = rows.filter(
        (row) => Date.now() - row.createdAt.getTime() < PUSH_TTL_SECONDS * 1000,
      );
      let count = 0;
      if (fresh.length > 0) {
        const messages = fresh.flatMap((row) => {
          const message = pushMessageOf(row);
          if (!message) return [];
          const expiresAt = new Date(row.createdAt.getTime() + PUSH_TTL_SECONDS * 1000);
          return [
            {
              eventId: message.eventId,
              topic: message.topic,
              payload: JSON.stringify(message.payload),
              expiresAt,
            },
          ];
        });
        const ids = (
          await tx
            .insert(pushMessages)
            .values(messages)
            .onConflictDoNothing()
            .returning({ id: pushMessages.id })
        ).map((m) => m.id);
        if (ids.length > 0) {
          const inserted = await tx.execute(sql`
            WITH d AS (
              INSERT INTO push_deliveries (message_id, subscription_id)
              SELECT m.id, s.id FROM push_messages m CROSS JOIN push_subscriptions s
              WHERE m.id IN (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
              ORDER BY m.id, s.id
              ON CONFLICT DO NOTHING RETURNING 1
            ) SELECT count(*)::int AS n FROM d`);
          count = Number(rowsOf<{ n: unknown }>(inserted)[0]?.n ?? 0);
        }
      }
      await tx
        .update(pushCursor)
        .set({ lastEventId: upTo })
        .where(sql`id = 1`);
      return { done: upTo >= head, written: count };
    });
    written += step.written;
    if (step.done) return written;
  }
}
