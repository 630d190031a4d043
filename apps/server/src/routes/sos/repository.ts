import { desc, eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos } from '@sos/contract';
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

/**
 * Closes an open SOS and writes its live event, in ONE statement (one round trip, one
 * transaction; the columns are closeSosValues'). The UPDATE only matches an OPEN row, so of
 * two operators closing at once exactly one closes it; the other (and any later call) gets
 * the SOS as it was closed, naming who closed it, and no event (DESIGN §6, §7). Null: no
 * such SOS.
 */
export async function closeSos(db: Db, id: number, closer: Closer): Promise<Sos | null> {
  const data = await writeWithEvent(
    db,
    LIVE_EVENTS.sosClosed,
    sql`closed AS (
      UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(),
        closed_by_id = ${closer.id}, closed_by_username = ${closer.username}
      FROM devices
      WHERE sos.id = ${id} AND sos.state = 'OPEN' AND devices.id = sos.device_id
      RETURNING sos.*, devices.display_name AS device_name
    ),
    source AS (
      SELECT ${sosJsonSql('closed', sql`closed.device_id`, sql`closed.device_name`)} AS data FROM closed
    )`,
  );
  if (data !== undefined) return JSON.parse(data) as Sos;
  const [existing] = await db
    .select({ sos, device: { id: devices.id, displayName: devices.displayName } })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(eq(sos.id, id));
  return existing ? toSosJson(existing.sos, existing.device) : null;
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
