import { eq } from 'drizzle-orm';
import type { DeviceProfile } from '@sos/contract';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { deviceTarget } from '../audit/targets.js';
import type { Db, Tx } from '../db/client.js';
import { devices } from '../db/schema.js';
import { purgeProfile, readProfile, writeProfile } from './profile-repository.js';

/** The device as an audit target (deleted ones too: their profile is kept), or undefined. */
async function targetOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ name: devices.displayName })
    .from(devices)
    .where(eq(devices.id, id));
  return row && deviceTarget({ id, name: row.name });
}

const PROFILE_FIELDS = [
  'residentName',
  'address',
  'phone',
  'notes',
  'contacts',
  'checkIns',
] as const;

/**
 * Reading, replacing and erasing a resident's profile, each recorded with the reading or the
 * change (one transaction); undefined: no such device, nothing recorded. The records name
 * the device and, for a change, the fields that changed: never a value (personal data).
 */
export function viewProfile(db: Db, id: number, by: AuditBy): Promise<DeviceProfile | undefined> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const target = await targetOf(tx, id);
    if (!target) return undefined;
    const profile = await readProfile(tx, id);
    await appendAudit(tx, { by, action: 'PROFILE_VIEWED', target });
    return profile;
  });
}

/** What else a profile change does in its transaction (the check-in windows' schedule). */
export type AfterProfileWrite = (tx: Tx, id: number, profile: DeviceProfile) => Promise<unknown>;

export function updateProfile(
  db: Db,
  id: number,
  profile: DeviceProfile,
  by: AuditBy,
  afterWrite?: AfterProfileWrite,
): Promise<DeviceProfile | undefined> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const target = await targetOf(tx, id);
    if (!target) return undefined;
    const before = await readProfile(tx, id);
    const written = await writeProfile(tx, id, profile);
    await afterWrite?.(tx, id, written);
    const fields = PROFILE_FIELDS.filter(
      (f) => JSON.stringify(before[f]) !== JSON.stringify(written[f]),
    );
    await appendAudit(tx, { by, action: 'PROFILE_UPDATED', target, details: { fields } });
    return written;
  });
}

export function eraseProfile(
  db: Db,
  id: number,
  by: AuditBy,
  afterWrite?: AfterProfileWrite,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const target = await targetOf(tx, id);
    if (!target) return false;
    await purgeProfile(tx, id);
    await afterWrite?.(tx, id, await readProfile(tx, id));
    await appendAudit(tx, { by, action: 'DEVICE_PURGED', target });
    return true;
  });
}
