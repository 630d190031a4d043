import { sql, type SQL } from 'drizzle-orm';
import type { LiveEventData, LiveEventName } from '@sos/contract';
import type { Tx } from '../db/client.js';

export const EVENTS_CHANNEL = 'sos_events';
/** NOTIFY payloads are limited to 8000 bytes; a bigger announcement carries the id only. */
const MAX_PAYLOAD_BYTES = 7900;
/**
 * The outbox's ordering lock. Writers hold it SHARED from before they draw an event id until
 * their transaction ends, so they never wait for each other and PostgreSQL groups their
 * commits. A reader that needs "every event up to here" takes it EXCLUSIVE for the length of
 * one read (store.ts, `readSettledAfter`): the grant comes only once every writer holding an
 * id has committed or rolled back, so the rows it then sees are a prefix of the id order, and
 * a client resuming after id N can never miss a smaller id committed later.
 */
export const OUTBOX_ORDER_LOCK = sql.raw(String(0x534f534c)); // 'SOSL', inlined: no parameter typing

/** What NOTIFY carries: the whole event, or just its id when it is too big. */
export interface Announcement {
  id: number;
  type?: string;
  data?: string;
}

/**
 * The CTEs that append a live event to the outbox and announce it, for a statement whose CTE
 * `source` yields one row with a `data` text column (or none: then no event). The statement
 * must end with `SELECT … FROM announced` (see `rowsOf`). Taken after `source`, the shared lock
 * follows every row lock the statement takes: a writer holding it waits for no one.
 */
export function eventCtes(type: LiveEventName): SQL {
  // MATERIALIZED: the lock is taken once, before the INSERT draws the id from the sequence.
  return sql`
    ordered AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(${OUTBOX_ORDER_LOCK}) FROM source),
    appended AS (
      INSERT INTO events (type, data) SELECT ${type}, source.data FROM source, ordered
      RETURNING id, type, data
    ),
    payloads AS (
      SELECT id, data, json_build_object('id', id, 'type', type, 'data', data)::text AS payload
      FROM appended
    ),
    announced AS (
      SELECT id, data, pg_notify(${EVENTS_CHANNEL}, CASE
        WHEN octet_length(payload) <= ${sql.raw(String(MAX_PAYLOAD_BYTES))} THEN payload
        ELSE json_build_object('id', id)::text END) AS notified
      FROM payloads
    )`;
}

/** The rows of a raw statement: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * Writes a live event into the outbox and announces it with NOTIFY, in ONE statement (one
 * round trip). Call it inside the transaction that makes the change, after its other writes:
 * the event exists if and only if the change commits, PostgreSQL delivers the NOTIFY only at
 * commit, and a writer holding the shared lock takes no row lock after it (no deadlock with a
 * reader waiting for the exclusive lock).
 */
export async function appendEvent<N extends LiveEventName>(
  tx: Tx,
  type: N,
  data: LiveEventData<N>,
): Promise<number> {
  const result = await tx.execute(sql`
    WITH source AS (SELECT ${JSON.stringify(data)}::text AS data), ${eventCtes(type)}
    SELECT id FROM announced`);
  // bigserial ids come back as strings.
  const id = Number(rowsOf<{ id: unknown }>(result)[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('outbox insert returned no id');
  return id;
}
