import { sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos, type SosOutcome } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { writeEachWithEvent } from '../live/outbox.js';
import { appendAuditMany, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { sosJsonSql } from './json-sql.js';
import { sosTarget } from '../audit/targets.js';

/** Who closes an SOS: kept as id and username, so the history survives the user's deletion. */
export interface Closer {
  id: number;
  username: string;
}

/** What the operator says when closing (docs/alarm-handling.md); an empty note is no note. */
export interface Closing {
  outcome?: SosOutcome | null | undefined;
  note?: string | null | undefined;
}

/** One close: the SOS id, who closes it, and what he says; `by`: recorded as SOS_CLOSED. */
export interface SosClose {
  id: number;
  closer: Closer;
  closing: Closing;
  by?: AuditBy;
}

/**
 * closeOpenSos in a transaction that records each close made on a `by`'s behalf (SOS_CLOSED)
 * with it: a close and its record commit together. The chain's lock comes first, before the
 * statement's row and outbox locks (audit/append.ts says why).
 */
export function closeAndRecord(
  db: Db,
  closes: readonly SosClose[],
): Promise<Array<Sos | undefined>> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const answers = await closeOpenSos(tx, closes);
    const records = closes.flatMap((c, i) =>
      answers[i] && c.by
        ? [{ by: c.by, action: 'SOS_CLOSED' as const, target: sosTarget(c.id) }]
        : [],
    );
    await appendAuditMany(tx, records);
    return answers;
  });
}

/**
 * The one statement that closes SOS (the only place that writes the close columns), for one
 * close or a batch of them (plugins/app/sos-writes.ts), in ONE statement and one commit: each OPEN
 * SOS is closed on behalf of its closer and its `sos-closed` event written. Each close gets the
 * SOS it closed, or undefined when it was not open (the caller then reads it as it stands, as
 * closeSos does). The ids must differ (lib/batcher.ts keeps one per batch). The rows are
 * locked in id order first, so two batches closing the same SOS wait for each other instead of
 * deadlocking; the UPDATE only matches an OPEN row, so of two closes of one SOS exactly one
 * closes it. The events are appended in the closes' order, under the outbox's shared lock.
 */
export async function closeOpenSos(
  db: Tx,
  closes: readonly SosClose[],
): Promise<Array<Sos | undefined>> {
  if (closes.length === 0) return [];
  // Arrays travel as one parameter each (drizzle would expand a JS array into a list).
  const column = <T>(pick: (c: SosClose) => T) => sql.param(closes.map(pick));
  const events = await writeEachWithEvent(
    db,
    LIVE_EVENTS.sosClosed,
    closes.length,
    sql`
    closing AS (
      SELECT * FROM unnest(${column((c) => c.id)}::int[], ${column((c) => c.closer.id)}::int[],
        ${column((c) => c.closer.username)}::text[], ${column((c) => c.closing.outcome ?? null)}::text[],
        ${column((c) => c.closing.note || null)}::text[])
        WITH ORDINALITY AS c(id, closer_id, closer_username, outcome, note, n)
    ),
    locked AS MATERIALIZED (
      SELECT sos.id FROM sos JOIN closing ON closing.id = sos.id
      WHERE sos.state = 'OPEN' ORDER BY sos.id FOR UPDATE OF sos
    ),
    closed AS (
      -- The statement's time, not the transaction's (now()): a close waits for the audit
      -- chain's lock, and a note or call that held it must come first in the timeline.
      UPDATE sos SET state = 'CLOSED', closed_at = statement_timestamp(), updated_at = statement_timestamp(),
        closed_by_id = closing.closer_id, closed_by_username = closing.closer_username,
        outcome = closing.outcome, note = closing.note
      FROM locked, closing, devices
      WHERE sos.id = locked.id AND closing.id = sos.id AND sos.state = 'OPEN' AND devices.id = sos.device_id
      RETURNING sos.*, devices.display_name AS device_name, closing.n
    ),
    source AS (
      SELECT closed.n, ${sosJsonSql('closed', sql`closed.device_id`, sql`closed.device_name`)} AS data FROM closed
    )`,
  );
  return events.map((data) => (data === undefined ? undefined : (JSON.parse(data) as Sos)));
}
