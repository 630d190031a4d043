import { sql, type SQL } from 'drizzle-orm';
import type { LiveEventData, LiveEventName } from '@sos/contract';
import type { Tx } from '../db/client.js';

/**
 * Wakes the hubs of the other server processes (live/hub.ts). Not sent by the writing
 * transactions: PostgreSQL serialises the commits of every transaction that notifies (a
 * database-wide lock held through the WAL flush), which capped the whole ingest rate. Each
 * process sends one payload-less NOTIFY per burst of appends instead, from its hub.
 */
export const EVENTS_CHANNEL = 'sos_events';
/**
 * The outbox's ordering lock. Writers hold it SHARED from before they draw an event id until
 * their transaction ends, so they never wait for each other and PostgreSQL groups their
 * commits. A reader that needs "every event up to here" takes it EXCLUSIVE for the length of
 * one read (store.ts, `readSettledAfter`): the grant comes only once every writer holding an
 * id has committed or rolled back, so the rows it then sees are a prefix of the id order, and
 * a client resuming after id N can never miss a smaller id committed later.
 */
export const OUTBOX_ORDER_LOCK = sql.raw(String(0x534f534c)); // 'SOSL', inlined: no parameter typing

const wakers = new Set<() => void>();

/**
 * Called on every append in this process (the hubs register; live/hub.ts). The append may
 * not be committed yet: the hub's settled read waits for it (OUTBOX_ORDER_LOCK).
 */
export function onEventAppended(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Tells this process's hubs that an event was appended (appendEvent does it itself). */
export function eventAppended() {
  for (const wake of wakers) wake();
}

/**
 * The CTEs that append live events to the outbox, for a statement whose CTE `source` yields
 * one row per event with a `data` text column (none: no event). Taken after `source`, the
 * shared lock follows every row lock the statement takes: a writer holding it waits for no one.
 * `order` (a column of source) fixes the events' order when source has several rows.
 */
export function eventCtes(type: LiveEventName, order?: SQL): SQL {
  // MATERIALIZED: the lock is taken once (one row, however many events), before the INSERT
  // draws the ids from the sequence.
  return sql`
    ordered AS MATERIALIZED (
      SELECT pg_advisory_xact_lock_shared(${OUTBOX_ORDER_LOCK}) FROM (SELECT FROM source LIMIT 1) one
    ),
    appended AS (
      INSERT INTO events (type, data) SELECT ${type}, source.data FROM source, ordered ${order ? sql`ORDER BY ${order}` : sql``}
      RETURNING id, data
    )`;
}

/**
 * A change and its live event in ONE statement (one round trip, its own transaction):
 * `ctes` make the change and end with a CTE `source` giving the event's JSON as `data`.
 * Answers that JSON, or undefined when `source` was empty (no change, no event).
 */
export async function writeWithEvent(
  db: Tx,
  type: LiveEventName,
  ctes: SQL,
): Promise<string | undefined> {
  const result = await db.execute(sql`WITH ${ctes}, ${eventCtes(type)} SELECT data FROM appended`);
  const data = rowsOf<{ data: string }>(result)[0]?.data;
  if (data !== undefined) eventAppended();
  return data;
}

/** The rows of a raw statement: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * Writes a live event into the outbox, in ONE statement, and wakes the hubs. Call it inside
 * the transaction that makes the change, after its other writes: the event exists if and
 * only if the change commits, and a writer holding the shared lock takes no row lock after
 * it (no deadlock with a hub waiting for the exclusive lock).
 */
export async function appendEvent<N extends LiveEventName>(
  tx: Tx,
  type: N,
  data: LiveEventData<N>,
): Promise<number> {
  const result = await tx.execute(sql`
    WITH source AS (SELECT ${JSON.stringify(data)}::text AS data), ${eventCtes(type)}
    SELECT id FROM appended`);
  // bigserial ids come back as strings.
  const id = Number(rowsOf<{ id: unknown }>(result)[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('outbox insert returned no id');
  eventAppended();
  return id;
}
