import { eq } from 'drizzle-orm';
import type { DeviceProfile } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { deviceProfiles, devices } from '../db/schema.js';

const EMPTY: DeviceProfile = { residentName: null, address: null, phone: null, notes: null, contacts: [] };

/** Whether the device exists (deleted ones too: their profile is kept for a restore). */
export async function deviceExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
  return row !== undefined;
}

/** The device's profile, empty (null fields, no contacts) when none was written. */
export async function readProfile(db: Tx, deviceId: number): Promise<DeviceProfile> {
  const [row] = await db.select().from(deviceProfiles).where(eq(deviceProfiles.deviceId, deviceId));
  if (!row) return EMPTY;
  const { residentName, address, phone, notes, contacts } = row;
  return { residentName, address, phone, notes, contacts };
}

/** Replaces the whole profile. */
export async function writeProfile(db: Db, deviceId: number, profile: DeviceProfile): Promise<DeviceProfile> {
  const values = { ...profile, updatedAt: new Date() };
  await db
    .insert(deviceProfiles)
    .values({ deviceId, ...values })
    .onConflictDoUpdate({ target: deviceProfiles.deviceId, set: values });
  return profile;
}

/** Erases the profile (personal data) for good; the device and its history stay. */
export async function purgeProfile(db: Db, deviceId: number): Promise<void> {
  await db.delete(deviceProfiles).where(eq(deviceProfiles.deviceId, deviceId));
}
