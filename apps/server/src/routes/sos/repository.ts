import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Sos } from '@sos/contract';
import type { Db, Tx } from '../../db/client.js';
import { devices, sos } from '../../db/schema.js';
import { appendEvent } from '../../live/outbox.js';
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

export type CloseResult = { sos: Sos } | { error: 'NOT_FOUND' | 'NOT_OPEN' };

/**
 * Closes an open SOS and writes its live event, in one transaction. The UPDATE only
 * matches an OPEN row, so of two operators closing at once exactly one succeeds.
 */
export async function closeSos(db: Db, id: number, closer: Closer): Promise<CloseResult> {
  return db.transaction(async (tx) => {
    // One statement closes the SOS and reads its device's name for the event.
    const [closed] = await tx
      .update(sos)
      .set(closeSosValues(closer))
      .from(devices)
      .where(and(eq(sos.id, id), eq(sos.state, 'OPEN'), eq(devices.id, sos.deviceId)))
      .returning({ ...getTableColumns(sos), deviceName: devices.displayName });
    if (!closed) {
      const [existing] = await tx.select({ id: sos.id }).from(sos).where(eq(sos.id, id));
      return { error: existing ? 'NOT_OPEN' : 'NOT_FOUND' };
    }
    const json = toSosJson(closed, { id: closed.deviceId, displayName: closed.deviceName });
    await appendEvent(tx, LIVE_EVENTS.sosClosed, json);
    return { sos: json };
  });
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
