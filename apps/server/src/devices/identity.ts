import { and, eq, isNull, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type Device } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { deviceName } from './name.js';
import { appendEvent } from '../live/outbox.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';
import { toDeviceJson, type DeviceRow } from './json.js';
import { openSosOf } from '../sos/repository.js';

/**
 * The device of a receiver's message, its row locked until the transaction ends (a device's
 * messages, and its deletion, then run one after the other). An unknown serial is registered
 * with `displayName` (`registered`: the caller appends device-registered); a known device keeps
 * the name it has, which an administrator may have given it. A deleted device is answered as
 * it is: the caller decides.
 */
export async function lockOrRegisterDevice(
  tx: Tx,
  serial: string,
  displayName: string,
): Promise<{ device: DeviceRow; registered: boolean }> {
  // Two rounds at most: an insert that loses to a concurrent registration finds its row.
  for (let round = 0; round < 2; round++) {
    const [existing] = await tx
      .select()
      .from(devices)
      .where(eq(devices.serial, serial))
      .for('update');
    if (existing) return { device: existing, registered: false };
    const [inserted] = await tx
      .insert(devices)
      .values({ serial, ...deviceName(displayName), lastSeenAt: sql`now()` })
      .onConflictDoNothing({ target: devices.serial })
      .returning();
    if (inserted) return { device: inserted, registered: true };
  }
  throw new Error(`device ${serial} could be neither found nor registered`);
}

/**
 * A super administrator names a visible device (its "Scheda assistito"): `device-renamed`
 * when the name changed. Undefined for an unknown or deleted device.
 */
export async function renameDevice(
  db: Db,
  id: number,
  displayName: string,
  by: AuditBy,
): Promise<Device | undefined> {
  return db.transaction(async (tx) => {
    // The audit chain's lock first, before any row lock (docs/audit.md).
    await lockAuditChain(tx);
    const [before] = await tx
      .select()
      .from(devices)
      .where(and(eq(devices.id, id), isNull(devices.deletedAt)))
      .for('update');
    if (!before) return undefined;
    const [after = before] =
      before.displayName === displayName
        ? []
        : await tx
            .update(devices)
            .set(deviceName(displayName))
            .where(eq(devices.id, id))
            .returning();
    const [open] = await openSosOf(tx, id);
    const json = toDeviceJson(after, open ?? null);
    if (after !== before) {
      await appendEvent(tx, LIVE_EVENTS.deviceRenamed, json);
      await appendAudit(tx, {
        by,
        action: 'DEVICE_RENAMED',
        target: deviceTarget({ id, name: displayName }),
        details: { fields: ['displayName'] },
      });
    }
    return json;
  });
}
