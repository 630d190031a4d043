import { sql, type SQL } from 'drizzle-orm';
import type { LiveEventData, LiveEventName } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { rowsOf } from '../db/rows.js';

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
export const OUTBOX_ORDER_LOCK_KEY = 0x534f534c; // 'SOSL'
/** The lock's key inlined in SQL: no parameter typing. */
export const OUTBOX_ORDER_LOCK = sql.raw(String(OUTBOX_ORDER_LOCK_KEY));

const wakers = new Set<() => void>();

/**
 * Called on every append in this process (the hubs register; live/hub.ts). The append may
 * not be committed yet: the hub's settled read waits for it (OUTBOX_ORDER_LOCK).
 */
export function onEventAppended(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Tells this process's hubs that an event was appended: only the writers below call it. */
function eventAppended() {
  for (const wake of wakers) wake();
}

/**
 * The CTEs that append live events to the outbox, for a statement whose CTE `source` yields
 * one row per event with a `data` text column (none: no event). Taken after `source`, the
 * shared lock follows every row lock the statement takes: a writer holding it waits for no one.
 * `order` (a column of source) fixes the events' order when source has several rows.
 */
function eventCtes(type: LiveEventName, order?: SQL): SQL {
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

/** One write of changes with their live events: see writeEvents. */
export interface EventsWrite {
  /** The changes, ending with a CTE `source`: one row per event, its JSON as `data`. */
  ctes: SQL;
  /** A column of `source` fixing the events' order when it has several rows. */
  order?: SQL;
  /**
   * The statement's answer, a SELECT that may read `source` and `appended` (id, data);
   * none: it answers no rows.
   */
  answer?: SQL;
}

/**
 * Changes and their live events in ONE statement (one round trip, one commit when alone),
 * then this process's hubs woken if any event was appended. Every set-based writer of events
 * goes through here, so none can forget the wake-up (a forgotten one delays the event until
 * another wakes the hub). Answers the rows of `answer`.
 */
export async function writeEvents<T>(
  db: Tx,
  type: LiveEventName,
  write: EventsWrite,
): Promise<T[]> {
  const result = await db.execute(prepared(writeEventsSql(type, write)));
  const rows = rowsOf<T & { answered_row: boolean | null; appended_events: number | string }>(
    result,
  );
  if (Number(rows[0]?.appended_events ?? 0) > 0) eventAppended();
  return rows.filter((row) => row.answered_row === true);
}

/**
 * A change and its live event: `ctes` end with a CTE `source` giving the event's JSON as
 * `data`. Answers that JSON, or undefined when `source` was empty (no change, no event).
 */
export async function writeWithEvent(
  db: Tx,
  type: LiveEventName,
  ctes: SQL,
): Promise<string | undefined> {
  const rows = await writeEvents<{ data: string }>(db, type, {
    ctes,
    answer: sql`SELECT data FROM appended`,
  });
  return rows[0]?.data;
}

/**
 * A batch of `count` changes with one event each at most: `source` also gives `n`, the item's
 * place from 1 (`WITH ORDINALITY`), and the events follow the items' order. Answers each
 * item's event JSON, or undefined for an item that made no change.
 */
export async function writeEachWithEvent(
  db: Tx,
  type: LiveEventName,
  count: number,
  ctes: SQL,
): Promise<Array<string | undefined>> {
  const rows = await writeEvents<{ n: unknown; data: string }>(db, type, {
    ctes,
    order: sql`source.n`,
    answer: sql`SELECT source.n, source.data FROM source`,
  });
  const answers = Array.from<string | undefined>({ length: count });
  // A bigint: a string from node-postgres.
  for (const row of rows) answers[Number(row.n) - 1] = row.data;
  return answers;
}

/** writeEvents's statement (scripts/offline-sweep-plan.ts prints its plan). */
export function writeEventsSql(type: LiveEventName, write: EventsWrite): SQL {
  const answer = write.answer ?? sql`SELECT WHERE false`;
  // The count rides on a row even when `answer` has none (the LEFT JOIN), marked unanswered.
  return sql`
    WITH ${write.ctes}, ${eventCtes(type, write.order)}
    SELECT answer.*, woken.appended_events FROM (SELECT count(*)::int AS appended_events FROM appended) woken
    LEFT JOIN (SELECT true AS answered_row, a.* FROM (${answer}) a) answer ON true`;
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
  const result = await tx.execute(
    prepared(sql`
    WITH source AS (SELECT ${JSON.stringify(data)}::text AS data), ${eventCtes(type)}
    SELECT id FROM appended`),
  );
  // bigserial ids come back as strings.
  const id = Number(rowsOf<{ id: unknown }>(result)[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('outbox insert returned no id');
  eventAppended();
  return id;
}
