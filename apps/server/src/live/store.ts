import { and, asc, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { events } from '../db/schema.js';
import { OUTBOX_ORDER_LOCK } from './outbox.js';
import { prepared } from '../db/prepared.js';
import { rowsOf } from '../db/rows.js';

/** Outbox queries of the live stream; every one of them walks the primary key index. */
export interface StoredEvent {
  id: number;
  type: string;
  data: string;
}

/** Events after `afterId` (and up to `upTo`, when given), in id order. */
export async function readEventsAfter(
  db: Tx,
  afterId: number,
  limit: number,
  upTo?: number,
): Promise<StoredEvent[]> {
  return db
    .select({ id: events.id, type: events.type, data: events.data })
    .from(events)
    .where(
      upTo === undefined
        ? gt(events.id, afterId)
        : and(gt(events.id, afterId), lte(events.id, upTo)),
    )
    .orderBy(asc(events.id))
    .limit(limit);
}

/**
 * Like readEventsAfter, but only once every writer that has drawn an event id is done
 * (outbox.ts, OUTBOX_ORDER_LOCK): the rows are a prefix of the id order, no smaller id can
 * commit after them. Writers wait for the length of this one read.
 */
export async function readSettledAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<StoredEvent[]> {
  // One round trip (migration 0001): the lock is held for the read only.
  const result = await db.execute(
    prepared(sql`SELECT id, type, data FROM sos_read_settled_events(${afterId}, ${limit})`),
  );
  // bigint ids come back as strings from node-postgres.
  return rowsOf<{ id: unknown; type: string; data: string }>(result).map((row) => ({
    id: Number(row.id),
    type: row.type,
    data: row.data,
  }));
}

/** The newest event id once every writer that has drawn one is done (see readSettledAfter). */
export async function readSettledHead(db: Db): Promise<number> {
  return (await readWithSettledHead(db, async () => undefined)).head;
}

/**
 * Runs `read` under the outbox's ordering lock, taken exclusively, and answers what it read
 * with the newest event id. The grant waits for every writer holding an event id; while it
 * is held no other event can commit. So `read` sees the changes of exactly the events up to
 * `head`: a client that resumes the live stream after `head` misses none and gets none
 * twice (GET /api/device/getAll's X-Last-Event-Id, docs/security.md). Writers wait for `read`.
 */
export async function readWithSettledHead<T>(
  db: Db,
  read: (tx: Tx) => Promise<T>,
): Promise<{ head: number; value: T }> {
  return db.transaction(async (tx) => {
    const head = await lockSettledHead(tx);
    return { head, value: await read(tx) };
  });
}

/**
 * Inside a transaction: takes the outbox's ordering lock exclusively, held until the
 * transaction ends, and answers the settled head (see readWithSettledHead).
 */
export async function lockSettledHead(tx: Tx): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${OUTBOX_ORDER_LOCK})`);
  const [row] = await tx.select({ max: sql<unknown>`max(${events.id})` }).from(events);
  // int8 aggregates come back as strings from node-postgres.
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max);
}

/**
 * A read that includes every event up to `head` without stopping the writers for its length
 * (readWithSettledHead does, for the whole read: at 100,000 devices every SOS write waited
 * for the dashboard's list). The settled head is taken first (the exclusive lock held for
 * one max(id) only), then `read` and the ids of the events after `head` run in ONE snapshot
 * (REPEATABLE READ): an event and its change commit together, so `included` names exactly
 * the events after `head` whose changes `read` saw. A client resuming the stream after
 * `head` skips those and gets every other event once (docs/security.md).
 */
export async function readAfterSettledHead<T>(
  db: Db,
  read: (tx: Tx) => Promise<T>,
  // Tests widen the window between the head and the read (an event committed in between).
  settledHead: (db: Db) => Promise<number> = readSettledHead,
): Promise<{ head: number; included: number[]; value: T }> {
  const head = await settledHead(db);
  return db.transaction(
    async (tx) => {
      const value = await read(tx);
      const rows = await tx
        .select({ id: events.id })
        .from(events)
        .where(gt(events.id, head))
        .orderBy(asc(events.id));
      return { head, included: rows.map((row) => Number(row.id)), value };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Oldest and newest kept event ids (null when the outbox is empty). */
export async function readBounds(db: Tx): Promise<{ min: number | null; max: number | null }> {
  const [row] = await db
    .select({ min: sql<unknown>`min(${events.id})`, max: sql<unknown>`max(${events.id})` })
    .from(events);
  // int8 aggregates come back as strings from node-postgres.
  const toId = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { min: toId(row?.min), max: toId(row?.max) };
}

/** Keeps the newest `retention` events: one DELETE bounded by an index-only lookup. */
export async function pruneEvents(db: Db, retention: number): Promise<number> {
  const keep = Math.max(0, Math.floor(retention));
  const result = await db.execute(sql`
    WITH deleted AS (
      DELETE FROM events
      WHERE id <= (SELECT id FROM events ORDER BY id DESC OFFSET ${sql.raw(String(keep))} LIMIT 1)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM deleted`);
  // Both drivers (node-postgres, PGlite) answer { rows }.
  const rows = (result as { rows?: Array<{ n?: unknown }> }).rows;
  return Number(rows?.[0]?.n ?? 0);
}
