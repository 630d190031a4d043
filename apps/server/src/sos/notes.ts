import { sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos, type SosNoteEvent } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { writeWithEvent } from '../live/outbox.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { sosTarget } from '../audit/targets.js';
import { timelineEntrySql } from './timeline.js';
import type { Closer } from './close.js';
import { findSos } from './repository.js';

export type NoteResult = SosNoteEvent | { error: 'NOT_FOUND' } | { error: 'NOT_OPEN'; sos: Sos };

/**
 * Adds a NOTE to an open SOS's timeline and writes `sos-note`, in ONE statement. FOR SHARE
 * holds the SOS open until the note commits: a concurrent close waits, so no note ever
 * lands after the CLOSED entry.
 */
export function addNote(
  db: Db,
  id: number,
  user: Closer,
  text: string,
  by: AuditBy,
): Promise<NoteResult> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const result = await insertNote(tx, id, user, text);
    // The note's text is the operator's own words about a resident: not in the log.
    if (!('error' in result))
      await appendAudit(tx, { by, action: 'SOS_NOTE_ADDED', target: sosTarget(id) });
    return result;
  });
}

async function insertNote(db: Tx, id: number, user: Closer, text: string): Promise<NoteResult> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosNote,
    sql`target AS (SELECT id FROM sos WHERE id = ${id} AND state = 'OPEN' FOR SHARE),
    entry AS (
      INSERT INTO sos_timeline (sos_id, at, type, by_id, by_username, text)
      SELECT id, now(), 'NOTE', ${user.id}, ${user.username}, ${text} FROM target
      RETURNING *
    ),
    source AS (
      SELECT (SELECT row_to_json(note) FROM (SELECT entry.sos_id AS "sosId",
        ${timelineEntrySql('entry')} AS "entry") note)::text AS data FROM entry
    )`,
  );
  if (data !== undefined) return JSON.parse(data) as SosNoteEvent;
  const current = await findSos(db, id);
  return current ? { error: 'NOT_OPEN', sos: current } : { error: 'NOT_FOUND' };
}
