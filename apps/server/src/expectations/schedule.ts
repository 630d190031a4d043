import { and, eq, sql } from 'drizzle-orm';
import { TEST_GRACE_FRACTION, type CheckInWindow } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { expectations } from '../db/schema.js';
import { nextCheckInSlot } from './windows.js';

/** Seconds of grace per hour of test interval: the interval plus 10 % (docs/expected-events.md). */
const TEST_DUE_SECONDS_PER_HOUR = Math.round(3600 * (1 + TEST_GRACE_FRACTION));

/**
 * The device's next periodic test falls due its interval plus 10 % after its last test (or,
 * never tested, after now: the moment the interval was set); no interval, nothing pending.
 * Computed once here, in SQL, on the database's clock; the engine only reads due_at.
 */
export async function scheduleTest(tx: Tx, deviceId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO expectations (device_id, kind, due_at)
    SELECT id, 'TEST', coalesce(last_test_at, now()) + make_interval(secs => test_interval_hours * ${TEST_DUE_SECONDS_PER_HOUR})
    FROM devices WHERE id = ${deviceId} AND test_interval_hours IS NOT NULL
    ON CONFLICT (device_id, kind) DO UPDATE SET due_at = excluded.due_at`);
  await tx.execute(sql`
    DELETE FROM expectations e USING devices d
    WHERE e.device_id = ${deviceId} AND e.kind = 'TEST' AND d.id = e.device_id AND d.test_interval_hours IS NULL`);
}

/**
 * The device's next check-in window (windows.ts) ending after `after`: its end is when the
 * engine looks for a check-in since its start. No windows: nothing pending.
 */
export async function scheduleCheckIn(
  tx: Tx,
  deviceId: number,
  windows: readonly CheckInWindow[],
  zone: string,
  after: Date,
): Promise<Date | null> {
  const slot = nextCheckInSlot(windows, zone, after);
  if (!slot) {
    await tx
      .delete(expectations)
      .where(and(eq(expectations.deviceId, deviceId), eq(expectations.kind, 'CHECK_IN')));
    return null;
  }
  const row = { dueAt: slot.end, windowStart: slot.start, windowLabel: slot.label };
  await tx
    .insert(expectations)
    .values({ deviceId, kind: 'CHECK_IN', ...row })
    .onConflictDoUpdate({ target: [expectations.deviceId, expectations.kind], set: row });
  return slot.end;
}
