import { sql } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from '../json-sql.js';
import { ackTargetSecondsSql } from '../../conf/alarm-repository.js';
import { msUntil } from '../../db/ms-until.js';

/** The predicate of sos_escalation_due_idx: what can still escalate. */
const PENDING = sql`state = 'OPEN' AND acknowledged_at IS NULL AND escalated_at IS NULL`;
/**
 * When the escalation clock started: the raise, or the latest re-alert (docs/alarm-handling.md,
 * "Re-alert"); the expression sos_escalation_due_idx is on.
 */
const CLOCK = sql`coalesce(realerted_at, created_at)`;

/**
 * Escalates the oldest overdue SOS, if any, with its `sos-escalated` event, in ONE statement.
 * Exactly once whatever the number of processes: FOR UPDATE locks the row, and a row that
 * another transaction holds (a process escalating it, an operator taking it) is skipped, not
 * waited for; once the lock is granted, PostgreSQL re-checks the whole condition against the
 * row's latest version, so an SOS escalated or acknowledged meanwhile no longer matches. The
 * target is read in the statement itself: every process judges by the stored value.
 * Answers whether it escalated one.
 */
export async function escalateOldestDue(db: Db): Promise<boolean> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosEscalated,
    sql`due AS (
      SELECT id FROM sos
      WHERE ${PENDING} AND ${CLOCK} <= now() - make_interval(secs => ${ackTargetSecondsSql})
      ORDER BY ${CLOCK} LIMIT 1
      FOR UPDATE SKIP LOCKED
    ),
    escalated AS (
      UPDATE sos SET escalated_at = now(), updated_at = now()
      FROM due, devices
      WHERE sos.id = due.id AND devices.id = sos.device_id
      RETURNING sos.*, devices.display_name AS device_name
    ),
    source AS (
      SELECT ${sosJsonSql('escalated', sql`escalated.device_id`, sql`escalated.device_name`)} AS data
      FROM escalated
    )`,
  );
  return data !== undefined;
}

/**
 * Milliseconds until the nearest escalation deadline by the database's clock (0 when one has
 * passed), or null when no SOS is pending. One index read (sos_escalation_due_idx).
 */
export function msToNextDeadline(db: Tx): Promise<number | null> {
  return msUntil(
    db,
    sql`min(${CLOCK}) + make_interval(secs => ${ackTargetSecondsSql})`,
    sql`sos WHERE ${PENDING}`,
  );
}
