import { sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { writeWithEvent } from '../live/outbox.js';
import { rowsOf } from '../db/rows.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { sosTarget } from '../audit/targets.js';
import { sosJsonSql } from './json-sql.js';
import type { Closer } from './close.js';
import { findSos } from './repository.js';

type AckError = { error: 'NOT_FOUND' } | { error: 'NOT_OPEN' | 'ALREADY_ACKNOWLEDGED'; sos: Sos };
export type AckResult = { sos: Sos } | AckError;
/** `changed`: this call took charge (a record is due); false: the same user again. */
type AckOutcome = { sos: Sos; changed: boolean } | AckError;

/**
 * Takes charge of an open SOS (docs/alarm-handling.md) in ONE statement: the change, its ACKNOWLEDGED
 * timeline row and `sos-acknowledged` commit together. It matches an unacknowledged SOS, or,
 * with takeOver, one someone else has: acknowledgedBy changes, acknowledgedAt keeps the first
 * time. The row lock makes concurrent takes (and the escalation sweep) run one after the
 * other, each re-checking the condition: of two first takes exactly one wins.
 */
export function acknowledgeSos(
  db: Db,
  id: number,
  user: Closer,
  takeOver: boolean,
  by: AuditBy,
): Promise<AckResult> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const result = await acknowledge(tx, id, user, takeOver);
    if ('error' in result || !result.changed) return result;
    // A second ACKNOWLEDGED entry since the latest re-alert (which undid the take-charge, docs/
    // alarm-handling.md): someone had it before, this was a take-over.
    const counted = await tx.execute(
      sql`SELECT count(*)::int AS n FROM sos_timeline t JOIN sos ON sos.id = t.sos_id
        WHERE t.sos_id = ${id} AND t.type = 'ACKNOWLEDGED' AND t.at >= coalesce(sos.realerted_at, '-infinity')`,
    );
    const takenOver = (rowsOf<{ n: number }>(counted)[0]?.n ?? 0) > 1;
    await appendAudit(tx, {
      by,
      action: takenOver ? 'SOS_TAKEN_OVER' : 'SOS_ACKNOWLEDGED',
      target: sosTarget(id),
    });
    return { sos: result.sos };
  });
}

async function acknowledge(
  db: Tx,
  id: number,
  user: Closer,
  takeOver: boolean,
): Promise<AckOutcome> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosAcknowledged,
    sql`acked AS (
      UPDATE sos SET acknowledged_at = coalesce(sos.acknowledged_at, now()), updated_at = now(),
        acknowledged_by_id = ${user.id}, acknowledged_by_username = ${user.username}
      FROM devices
      WHERE sos.id = ${id} AND sos.state = 'OPEN' AND devices.id = sos.device_id
        AND (sos.acknowledged_at IS NULL
          OR (${takeOver}::boolean AND sos.acknowledged_by_id IS DISTINCT FROM ${user.id}::integer))
      RETURNING sos.*, devices.display_name AS device_name
    ),
    entry AS (
      INSERT INTO sos_timeline (sos_id, at, type, by_id, by_username)
      SELECT id, now(), 'ACKNOWLEDGED', ${user.id}, ${user.username} FROM acked
    ),
    source AS (
      SELECT ${sosJsonSql('acked', sql`acked.device_id`, sql`acked.device_name`)} AS data FROM acked
    )`,
  );
  if (data !== undefined) return { sos: JSON.parse(data) as Sos, changed: true };
  // Nothing changed: say why, with the SOS as it stands.
  const current = await findSos(db, id);
  if (!current) return { error: 'NOT_FOUND' };
  if (current.state !== 'OPEN') return { error: 'NOT_OPEN', sos: current };
  if (current.acknowledgedBy?.id === user.id) return { sos: current, changed: false };
  return { error: 'ALREADY_ACKNOWLEDGED', sos: current };
}
