import { and, count, desc, eq } from 'drizzle-orm';
import type { Sos } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices, sos } from '../db/schema.js';
import type { AuditBy } from '../audit/by.js';
import type { Closer, Closing } from './close.js';
import { toSosJson } from './json.js';

/** The device's open SOS (at most one: the partial unique index), as a query. */
export const openSosOf = (tx: Tx, deviceId: number) =>
  tx
    .select()
    .from(sos)
    .where(and(eq(sos.deviceId, deviceId), eq(sos.state, 'OPEN')));

/** How many SOS are open right now, on every process (the metrics gauge, the demo's line). */
export async function countOpenSos(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sos).where(eq(sos.state, 'OPEN'));
  return row?.n ?? 0;
}

/** `closed`: this call closed it (event written); otherwise it was closed before, as it was. */
export type CloseResult = { sos: Sos; closed: boolean } | { error: 'NOT_FOUND' };

/**
 * Closes an open SOS with its live event (close.ts, one statement). Of two operators closing
 * at once, the other is answered the SOS as the first closed it (idempotent, docs/alarm-handling.md). The
 * CLOSED timeline entry is read from the row (timeline.ts), so closing stays one statement.
 */
export async function closeSos(
  db: Db,
  id: number,
  closer: Closer,
  closing: Closing,
  by: AuditBy,
  // closeAndRecord (close.ts), batched with the closes that arrive together (plugins/app/sos-writes.ts).
  closeOpen: (
    id: number,
    closer: Closer,
    closing: Closing,
    by: AuditBy,
  ) => Promise<Sos | undefined>,
): Promise<CloseResult> {
  const closed = await closeOpen(id, closer, closing, by);
  if (closed) return { sos: closed, closed: true };
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
