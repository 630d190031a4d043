import { desc, eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos, type SosOutcome } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos } from '../../db/schema.js';
import { writeWithEvent } from '../../live/outbox.js';
import { sosJsonSql } from '../device/sos-json-sql.js';
import { toSosJson } from '../device/mappers.js';

/** Who closes an SOS: kept as id and username, so the history survives the user's deletion. */
export interface Closer {
  id: number;
  username: string;
}

/** The columns that close an SOS now, on behalf of a user. */
export const closeSosValues = (closer: Closer) => ({
  state: 'CLOSED' as const,
  closedAt: sql`now()`,
  updatedAt: sql`now()`,
  closedById: closer.id,
  closedByUsername: closer.username,
});

/** What the operator says when closing (DESIGN §6); an empty note is no note. */
export interface Closing {
  outcome?: SosOutcome | null | undefined;
  note?: string | null | undefined;
}

/** `closed`: this call closed it (event written); otherwise it was closed before, as it was. */
export type CloseResult = { sos: Sos; closed: boolean } | { error: 'NOT_FOUND' };

/**
 * Closes an open SOS and writes its live event, in ONE statement (one round trip, one
 * transaction; the columns are closeSosValues'). The UPDATE only matches an OPEN row, so of
 * two operators closing at once exactly one closes it; the other is answered the SOS as
 * that one closed it (idempotent, DESIGN §6). The CLOSED timeline entry is read from the
 * row (timeline.ts), so closing stays one statement.
 */
export async function closeSos(
  db: Db,
  id: number,
  closer: Closer,
  closing: Closing = {},
): Promise<CloseResult> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosClosed,
    sql`closed AS (
      UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(),
        closed_by_id = ${closer.id}, closed_by_username = ${closer.username},
        outcome = ${closing.outcome ?? null}, note = ${closing.note || null}
      FROM devices
      WHERE sos.id = ${id} AND sos.state = 'OPEN' AND devices.id = sos.device_id
      RETURNING sos.*, devices.display_name AS device_name
    ),
    source AS (
      SELECT ${sosJsonSql('closed', sql`closed.device_id`, sql`closed.device_name`)} AS data FROM closed
    )`,
  );
  if (data !== undefined) return { sos: JSON.parse(data) as Sos, closed: true };
  const existing = await findSos(db, id);
  return existing ? { sos: existing, closed: false } : { error: 'NOT_FOUND' };
}

/** One SOS with its (possibly deleted) device, as it stands. */
export async function findSos(db: Tx, id: number): Promise<Sos | undefined> {
  const [row] = await db
    .select({ sos, device: { id: devices.id, displayName: devices.displayName } })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(eq(sos.id, id));
  return row && toSosJson(row.sos, row.device);
}

/** The history: closed SOS, newest closure first, with their (possibly deleted) device's name. */
export async function listClosedSos(db: Tx): Promise<Sos[]> {
  const rows = await db
    .select({ sos, device: { id: devices.id, displayName: devices.displayName } })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(eq(sos.state, 'CLOSED'))
    .orderBy(desc(sos.closedAt), desc(sos.id));
  return rows.map((row) => toSosJson(row.sos, row.device));
}
