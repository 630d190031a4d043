import { eq } from 'drizzle-orm';
import type { DeviceProfile } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { deviceProfiles } from '../db/schema.js';

const EMPTY: DeviceProfile = {
  residentName: null,
  address: null,
  phone: null,
  notes: null,
  contacts: [],
  checkIns: [],
};

/** The device's profile, empty (null fields, no contacts) when none was written. */
export async function readProfile(db: Tx, deviceId: number): Promise<DeviceProfile> {
  const [row] = await db.select().from(deviceProfiles).where(eq(deviceProfiles.deviceId, deviceId));
  if (!row) return EMPTY;
  const { residentName, address, phone, notes, contacts } = row;
  // Stored as the contract's schema validated them (docs/expected-events.md).
  const checkIns = row.checkIns as DeviceProfile['checkIns'];
  return { residentName, address, phone, notes, contacts, checkIns };
}

/** Replaces the whole profile. */
export async function writeProfile(
  db: Tx,
  deviceId: number,
  profile: DeviceProfile,
): Promise<DeviceProfile> {
  const values = { ...profile, updatedAt: new Date() };
  await db
    .insert(deviceProfiles)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: deviceProfiles.deviceId, set: values });
  return profile;
}

/** Erases the profile (personal data) for good; the device and its history stay. */
export async function purgeProfile(db: Tx, deviceId: number): Promise<void> {
  await db.delete(deviceProfiles).where(eq(deviceProfiles.deviceId, deviceId));
}
