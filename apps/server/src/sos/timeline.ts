import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { sosClosedText, type SosTimelineEntry } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { sos, sosTimeline } from '../db/schema.js';
import { callOf } from './calls.js';

/** A sos_timeline row (relation `r`) as the contract's timeline entry, in SQL (the note event). */
export function timelineEntrySql(r: string): SQL {
  const c = (column: string) => sql.raw(`${r}.${column}`);
  return sql`(SELECT row_to_json(e) FROM (SELECT
    to_char(${c('at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "at",
    ${c('type')} AS "type",
    CASE WHEN ${c('by_username')} IS NULL THEN NULL ELSE (SELECT row_to_json(who) FROM
      (SELECT ${c('by_id')} AS "id", ${c('by_username')} AS "username") who) END AS "by",
    ${c('text')} AS "text") e)`;
}

const by = (id: number | null, username: string | null) =>
  username === null ? null : { id, username };

/**
 * An SOS's timeline, oldest first; undefined for an unknown SOS. RAISED, ESCALATED and CLOSED
 * happen once per SOS and the sos row already holds them (created_at; escalated_at; closed_at,
 * closed_by, outcome, note), so they are read from it rather than stored twice: raising and
 * closing stay one statement each (the ingest path), and the timeline cannot disagree with the
 * SOS. Steps that repeat (ACKNOWLEDGED on each take-over, NOTE, CALL) are sos_timeline rows, written
 * in the statement that makes the change; so is an escalation a re-alert undid (sos/device-event.ts). At equal times the order is raise, steps, close.
 */
export async function readTimeline(db: Tx, id: number): Promise<SosTimelineEntry[] | undefined> {
  const [row] = await db.select().from(sos).where(eq(sos.id, id));
  if (!row) return undefined;
  const rows = await db
    .select()
    .from(sosTimeline)
    .where(eq(sosTimeline.sosId, id))
    .orderBy(asc(sosTimeline.at), asc(sosTimeline.id));
  type Ranked = { at: Date; rank: number; entry: Omit<SosTimelineEntry, 'at'> };
  const steps: Ranked[] = [
    { at: row.createdAt, rank: 0, entry: { type: 'RAISED', by: null, text: null } },
    ...rows.map((r) => {
      const call = callOf(r);
      const entry = {
        type: r.type,
        by: by(r.byId, r.byUsername),
        text: r.text,
        ...(call ? { call } : {}),
        ...(r.event ? { event: r.event } : {}),
      };
      return { at: r.at, rank: 1, entry };
    }),
  ];
  if (row.escalatedAt)
    steps.push({
      at: row.escalatedAt,
      rank: 1,
      entry: { type: 'ESCALATED', by: null, text: null },
    });
  if (row.state === 'CLOSED' && row.closedAt) {
    const text = sosClosedText(row.outcome, row.note);
    steps.push({
      at: row.closedAt,
      rank: 2,
      entry: { type: 'CLOSED', by: by(row.closedById, row.closedByUsername), text },
    });
  }
  // Stable: rows keep their (at, id) order among equal times.
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.rank - b.rank);
  return steps.map((s) => ({ at: s.at.toISOString(), ...s.entry }));
}
