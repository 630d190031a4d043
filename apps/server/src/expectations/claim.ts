import { sql } from 'drizzle-orm';
import type { CheckInWindow } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { msUntil } from '../db/ms-until.js';
import { rowsOf } from '../db/rows.js';

/** A due expectation with what handling it needs of its device. */
export interface DueExpectation {
  deviceId: number;
  kind: 'TEST' | 'CHECK_IN';
  dueAt: Date;
  windowStart: Date | null;
  windowLabel: string | null;
  lastCheckInAt: Date | null;
  deleted: boolean;
  checkIns: CheckInWindow[];
  /** The database's clock: how late the engine is comes from it, the same for every process. */
  now: Date;
}

interface Row {
  device_id: number;
  kind: 'TEST' | 'CHECK_IN';
  due_at: string | Date;
  window_start: string | Date | null;
  window_label: string | null;
  last_check_in_at: string | Date | null;
  deleted: boolean;
  check_ins: CheckInWindow[] | string | null;
  now: string | Date;
}

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Claims up to `limit` expectations past due, oldest first, in the caller's transaction. Each
 * row and its device's row are locked, and rows another process holds are skipped rather than
 * waited for (SKIP LOCKED): every due expectation is handled by exactly one process, and since
 * the engine never waits for a lock it can never deadlock with a device's writes (which lock
 * the device, then its expectation). One index range read (expectations_due_idx).
 */
export async function claimDue(tx: Tx, limit: number): Promise<DueExpectation[]> {
  const result = await tx.execute(sql`
    SELECT e.device_id, e.kind, e.due_at, e.window_start, e.window_label, d.last_check_in_at,
      d.deleted_at IS NOT NULL AS deleted, p.check_ins, now() AS now
    FROM expectations e
    JOIN devices d ON d.id = e.device_id
    LEFT JOIN device_profiles p ON p.device_id = e.device_id
    WHERE e.due_at <= now()
    ORDER BY e.due_at
    LIMIT ${limit}
    FOR UPDATE OF e, d SKIP LOCKED`);
  return rowsOf<Row>(result).map((r) => ({
    deviceId: Number(r.device_id),
    kind: r.kind,
    dueAt: date(r.due_at),
    windowStart: r.window_start === null ? null : date(r.window_start),
    windowLabel: r.window_label,
    lastCheckInAt: r.last_check_in_at === null ? null : date(r.last_check_in_at),
    deleted: r.deleted,
    checkIns:
      typeof r.check_ins === 'string'
        ? (JSON.parse(r.check_ins) as CheckInWindow[])
        : (r.check_ins ?? []),
    now: date(r.now),
  }));
}

/** Milliseconds until the nearest due expectation (0 when past), or null when none is pending. */
export function msToNextDue(tx: Tx): Promise<number | null> {
  return msUntil(tx, sql`min(due_at)`, sql`expectations WHERE due_at IS NOT NULL`);
}
