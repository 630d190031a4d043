import { and, eq, isNull } from 'drizzle-orm';
import type { DeviceExpectations, DeviceProfile, DeviceSupervisionBody } from '@sos/contract';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { readProfile } from '../devices/profile-repository.js';
import { scheduleCheckIn, scheduleTest } from './schedule.js';
import { nextCheckInSlot } from './windows.js';

const SUPERVISION_KEYS = ['supervisionSeconds', 'testIntervalHours'] as const;

/**
 * PATCH /api/device/supervision: sets what is given (null: the global offlineAfterSeconds, no
 * test expected) and schedules the next test from it, recorded in the audit log with the
 * values before and after of the keys that changed (numbers, nothing personal); a repeat
 * records nothing. The offline sweep reads supervision straight from the row, on its next
 * round. Answers the expectations, or undefined for an unknown or deleted device.
 */
export async function setSupervision(
  db: Db,
  id: number,
  body: DeviceSupervisionBody,
  zone: string,
  by: AuditBy,
): Promise<DeviceExpectations | undefined> {
  return db.transaction(async (tx) => {
    // The chain's lock before the device's row (docs/audit.md "The chain").
    await lockAuditChain(tx);
    const [row] = await tx
      .select({
        name: devices.displayName,
        supervisionSeconds: devices.supervisionSeconds,
        testIntervalHours: devices.testIntervalHours,
      })
      .from(devices)
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .for('update');
    if (!row) return undefined;
    const changed = SUPERVISION_KEYS.filter((k) => body[k] !== undefined && body[k] !== row[k]);
    if (changed.length > 0) {
      const pick = (from: Partial<Record<(typeof changed)[number], number | null>>) =>
        Object.fromEntries(changed.map((k) => [k, from[k] ?? null]));
      await tx.update(devices).set(pick(body)).where(eq(devices.id, id));
      await appendAudit(tx, {
        by,
        action: 'DEVICE_SUPERVISION_CHANGED',
        target: deviceTarget({ id, name: row.name }),
        details: { before: pick(row), after: pick(body) },
      });
    }
    if (body.testIntervalHours !== undefined) await scheduleTest(tx, id);
    return readExpectations(tx, id, zone);
  });
}

/** A profile written or erased: its check-in windows scheduled from now (profile-audited.ts's afterWrite). */
export const scheduleProfileCheckIns =
  (zone: string) => (tx: Tx, id: number, profile: DeviceProfile) =>
    scheduleCheckIn(tx, id, profile.checkIns, zone, new Date());

/** GET /api/device/expectations: undefined for an unknown or deleted device. */
export async function readExpectations(
  db: Tx,
  id: number,
  zone: string,
): Promise<DeviceExpectations | undefined> {
  const [device] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, id), isNull(devices.deletedAt)));
  if (!device) return undefined;
  const { checkIns } = await readProfile(db, id);
  const next = nextCheckInSlot(checkIns, zone, new Date());
  return {
    supervisionSeconds: device.supervisionSeconds,
    lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
    testIntervalHours: device.testIntervalHours,
    lastTestAt: device.lastTestAt?.toISOString() ?? null,
    checkIns,
    nextCheckInEnd: next?.end.toISOString() ?? null,
  };
}
