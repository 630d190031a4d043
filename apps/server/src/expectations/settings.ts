import { and, eq, isNull } from 'drizzle-orm';
import type { DeviceExpectations, DeviceProfile, DeviceSupervisionBody } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { readProfile } from '../devices/profile-repository.js';
import { scheduleCheckIn, scheduleTest } from './schedule.js';
import { nextCheckInSlot } from './windows.js';

/**
 * PATCH /api/device/supervision: sets what is given (null: the global offlineAfterSeconds, no
 * test expected) and schedules the next test from it. The offline sweep reads supervision
 * straight from the row, on its next round. Answers the expectations, or undefined for an
 * unknown or deleted device.
 */
export async function setSupervision(
  db: Db,
  id: number,
  body: DeviceSupervisionBody,
  zone: string,
): Promise<DeviceExpectations | undefined> {
  return db.transaction(async (tx) => {
    const set = {
      ...(body.supervisionSeconds !== undefined
        ? { supervisionSeconds: body.supervisionSeconds }
        : {}),
      ...(body.testIntervalHours !== undefined
        ? { testIntervalHours: body.testIntervalHours }
        : {}),
    };
    const visible = and(eq(devices.id, id), isNull(devices.deletedAt));
    const [row] =
      Object.keys(set).length > 0
        ? await tx.update(devices).set(set).where(visible).returning({ id: devices.id })
        : await tx.select({ id: devices.id }).from(devices).where(visible).for('update');
    if (!row) return undefined;
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
