import { sql } from 'drizzle-orm';
import { CHECK_IN_SOURCE_CODE, LIVE_EVENTS } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { writeEvents } from '../live/outbox.js';
import { rowsOf } from '../db/rows.js';
import { sosJsonSql } from '../sos/json-sql.js';
import type { DueExpectation } from './claim.js';
import { nextCheckInSlot, type CheckInSlot } from './windows.js';

/** Late by at least this much, the SOS's timeline says so ("in ritardo di {n} min"). */
const LATE_NOTE_MS = 60_000;

/** The words of a late raise's timeline entry (docs/expected-events.md). */
const lateText = (label: string, minutes: number) =>
  `Mancato check-in ${label}: in ritardo di ${minutes} min`;

/** A missed window's late note, or null when it was handled on time. */
export const lateNoteOf = (row: DueExpectation) => {
  const lateMs = row.now.getTime() - row.dueAt.getTime();
  return lateMs < LATE_NOTE_MS
    ? null
    : lateText(row.windowLabel ?? '', Math.floor(lateMs / 60_000));
};

/** Arrays travel as one parameter each (drizzle would expand a JS array into a list). */
const param = <T, V>(rows: readonly T[], pick: (row: T) => V) => sql.param(rows.map(pick));

/**
 * A window ended is kept by a check-in since its start (one before it opened does not count),
 * on a device not deleted whose profile still has windows (erased since: nothing expected).
 */
export const isMissed = (row: DueExpectation) =>
  row.checkIns.length > 0 &&
  !row.deleted &&
  (row.lastCheckInAt === null || row.lastCheckInAt < (row.windowStart ?? row.dueAt));

/**
 * Ended windows, claimed (claim.ts), in ONE statement: each one's next window, the first
 * ending after both its end and now (a long outage raises once, not once per window missed;
 * none left: the row goes), and a miss record (the stats' checkInsMissed) for each of
 * `missed`. The next occurrence is computed once per distinct set of windows: a cliff shares one.
 */
export async function rescheduleCheckIns(
  tx: Tx,
  due: readonly DueExpectation[],
  missed: readonly DueExpectation[],
  zone: string,
): Promise<void> {
  const slots = new Map<string, CheckInSlot | null>();
  const next = due.map((row) => {
    const after = new Date(Math.max(row.dueAt.getTime(), row.now.getTime()));
    const key = `${after.getTime()} ${JSON.stringify(row.checkIns)}`;
    if (!slots.has(key)) slots.set(key, nextCheckInSlot(row.checkIns, zone, after));
    return { id: row.deviceId, slot: slots.get(key) ?? null };
  });
  await tx.execute(sql`
    WITH next AS (
      SELECT * FROM unnest(${param(next, (n) => n.id)}::int[],
        ${param(next, (n) => n.slot?.end.toISOString() ?? null)}::timestamptz[],
        ${param(next, (n) => n.slot?.start.toISOString() ?? null)}::timestamptz[],
        ${param(next, (n) => n.slot?.label ?? null)}::text[]) AS n(device_id, due_at, window_start, window_label)
    ),
    gone AS (
      DELETE FROM expectations e USING next
      WHERE e.device_id = next.device_id AND e.kind = 'CHECK_IN' AND next.due_at IS NULL
    ),
    moved AS (
      UPDATE expectations e SET due_at = next.due_at, window_start = next.window_start,
        window_label = next.window_label
      FROM next WHERE e.device_id = next.device_id AND e.kind = 'CHECK_IN' AND next.due_at IS NOT NULL
    )
    INSERT INTO expectation_misses (device_id, kind, due_at)
    SELECT device_id, 'CHECK_IN', due_at FROM unnest(${param(missed, (m) => m.deviceId)}::int[],
      ${param(missed, (m) => m.dueAt.toISOString())}::timestamptz[]) AS m(device_id, due_at)`);
}

/** Of these devices, those with an SOS open (one index read: sos_one_open_per_device). */
export async function withOpenSos(tx: Tx, deviceIds: readonly number[]): Promise<Set<number>> {
  if (deviceIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    SELECT device_id FROM sos WHERE state = 'OPEN' AND device_id = ANY(${sql.param(deviceIds)}::int[])`);
  return new Set(rowsOf<{ device_id: number | string }>(result).map((r) => Number(r.device_id)));
}

/**
 * The missed windows' new INACTIVITY SOS (source SYSTEM/CHECK_IN, the window as detail) and
 * the late ones' "Mancato check-in 08:00–10:00: in ritardo di {n} min" entries in one
 * statement, then their `new-sos` events in a second. Apart, because the first statement's
 * triggers (the reports' summary, sos_stats) run at its end: in one statement they ran after
 * the events had taken the outbox's lock, which every dashboard's next read waits for until
 * this transaction commits (live/outbox.ts), so any other alarm raised meanwhile reached the
 * consoles that much later. Each device has no SOS open (withOpenSos), and the caller holds
 * its row, so none opens meanwhile: one that did anyway (the partial unique index refusing
 * the insert) throws, and the batch is rolled back to be handled again rather than recorded
 * without its SOS.
 */
export async function raiseInactivity(tx: Tx, missed: readonly DueExpectation[]): Promise<void> {
  if (missed.length === 0) return;
  const inserted = rowsOf<{ id: number | string }>(
    await tx.execute(sql`
    WITH r AS (
      SELECT * FROM unnest(${param(missed, (m) => m.deviceId)}::int[],
        ${param(missed, (m) => m.windowLabel ?? '')}::text[], ${param(missed, lateNoteOf)}::text[])
        WITH ORDINALITY AS r(device_id, label, late, n)
    ),
    inserted AS (
      INSERT INTO sos (device_id, kind, source_protocol, source_code, source_detail)
      SELECT r.device_id, 'INACTIVITY', 'SYSTEM', ${CHECK_IN_SOURCE_CODE}, r.label FROM r ORDER BY r.n
      ON CONFLICT DO NOTHING
      RETURNING id, device_id
    ),
    noted AS (
      INSERT INTO sos_timeline (sos_id, type, text)
      SELECT inserted.id, 'DEVICE_EVENT', r.late FROM inserted JOIN r USING (device_id)
      WHERE r.late IS NOT NULL
    )
    SELECT id FROM inserted`),
  );
  if (inserted.length !== missed.length)
    throw new Error(
      `${missed.length - inserted.length} missed windows found an SOS opened meanwhile`,
    );
  await writeEvents(tx, LIVE_EVENTS.newSos, {
    ctes: sql`source AS (
      SELECT s.id, ${sosJsonSql('s', sql`d.id`, sql`d.display_name`)} AS data
      FROM sos s JOIN devices d ON d.id = s.device_id
      WHERE s.id = ANY(${sql.param(inserted.map((row) => Number(row.id)))}::int[])
    )`,
    order: sql`source.id`,
  });
}
