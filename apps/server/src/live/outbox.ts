import { sql } from 'drizzle-orm';
import type { LiveEventData, LiveEventName } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { events } from '../db/schema.js';

export const EVENTS_CHANNEL = 'sos_events';
/** NOTIFY payloads are limited to 8000 bytes; a bigger event is announced by id only. */
const MAX_INLINE_PAYLOAD = 7000;
/**
 * Transaction-scoped advisory lock taken before an event id is drawn. It makes id order
 * equal commit order: a transaction that draws id N holds the lock until it commits or
 * rolls back, so no smaller id can become visible after N. Without it, a client whose
 * Last-Event-ID is N could miss a smaller id committed later. Cost: event-writing
 * transactions serialize from their first appendEvent to their commit, hence call
 * appendEvent after the transaction's other writes.
 */
const OUTBOX_ORDER_LOCK = sql.raw(String(0x534f534c)); // 'SOSL', inlined: one lock key, no parameter typing

/** What NOTIFY carries: the whole event, or just its id when it is too big. */
export interface Announcement {
  id: number;
  type?: string;
  data?: string;
}

/**
 * Writes a live event into the outbox and announces it with NOTIFY. Call it inside the
 * transaction that makes the change, after its other writes: the event exists if and only
 * if the change commits, and PostgreSQL delivers the NOTIFY only at commit.
 */
export async function appendEvent<N extends LiveEventName>(
  tx: Tx,
  type: N,
  data: LiveEventData<N>,
): Promise<number> {
  const json = JSON.stringify(data);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OUTBOX_ORDER_LOCK})`);
  const [row] = await tx.insert(events).values({ type, data: json }).returning({ id: events.id });
  if (!row) throw new Error('outbox insert returned no row');
  const announcement: Announcement =
    json.length <= MAX_INLINE_PAYLOAD ? { id: row.id, type, data: json } : { id: row.id };
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(announcement)})`);
  return row.id;
}
