import { sql, type SQL } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos, type SosOutcome } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from './json-sql.js';

/** Who closes an SOS: kept as id and username, so the history survives the user's deletion. */
export interface Closer {
  id: number;
  username: string;
}

/** What the operator says when closing (DESIGN §6); an empty note is no note. */
export interface Closing {
  outcome?: SosOutcome | null | undefined;
  note?: string | null | undefined;
}

/**
 * The one statement that closes an SOS (the only place that writes the close columns): the
 * OPEN SOS `where` selects (on `sos`) is closed on behalf of `closer` and its `sos-closed`
 * event written, in ONE statement (one round trip). The UPDATE only matches an OPEN row, so
 * of two operators closing at once exactly one closes it. Select at most one SOS: an SOS
 * id, or a device (the partial unique index keeps one OPEN SOS per device). Answers the
 * closed SOS, or undefined when none was open.
 */
export async function closeOpenSos(
  db: Tx,
  where: SQL,
  closer: Closer,
  closing: Closing = {},
): Promise<Sos | undefined> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosClosed,
    sql`closed AS (
      UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(),
        closed_by_id = ${closer.id}, closed_by_username = ${closer.username},
        outcome = ${closing.outcome ?? null}, note = ${closing.note || null}
      FROM devices
      WHERE ${where} AND sos.state = 'OPEN' AND devices.id = sos.device_id
      RETURNING sos.*, devices.display_name AS device_name
    ),
    source AS (
      SELECT ${sosJsonSql('closed', sql`closed.device_id`, sql`closed.device_name`)} AS data FROM closed
    )`,
  );
  return data === undefined ? undefined : (JSON.parse(data) as Sos);
}
