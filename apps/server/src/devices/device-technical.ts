import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DeviceTechnicalType } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { technicalAlarms } from '../db/schema.js';

/**
 * A device reported low battery, power failure or tamper: one standing alarm per device and
 * type (the partial unique index), so a device repeating it, or two processes receiving it,
 * set it once. Answers since when it stands if this call set it, else null (nothing to tell).
 */
export async function setDeviceTechnicalAlarm(
  tx: Tx,
  deviceId: number,
  type: DeviceTechnicalType,
): Promise<Date | null> {
  const [row] = await tx
    .insert(technicalAlarms)
    .values({ deviceId, type })
    .onConflictDoNothing({
      target: [technicalAlarms.deviceId, technicalAlarms.type],
      where: sql`cleared_at IS NULL`,
    })
    .returning({ since: technicalAlarms.since });
  return row?.since ?? null;
}

/**
 * Its restore (from the device) or a super administrator's dismissal: clears that alarm.
 * Answers whether one was standing (an event to tell the consoles).
 */
export async function clearDeviceTechnicalAlarm(
  tx: Tx,
  deviceId: number,
  type: DeviceTechnicalType,
): Promise<boolean> {
  const cleared = await tx
    .update(technicalAlarms)
    .set({ clearedAt: sql`now()` })
    .where(
      and(
        eq(technicalAlarms.deviceId, deviceId),
        eq(technicalAlarms.type, type),
        isNull(technicalAlarms.clearedAt),
      ),
    )
    .returning({ id: technicalAlarms.id });
  return cleared.length > 0;
}
