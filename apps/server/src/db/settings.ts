import { eq } from 'drizzle-orm';
import type { Tx } from './client.js';
import { settings } from './schema.js';

export const SETTING_KEYS = {
  apiKey: 'device_api_key',
  jwtSecret: 'jwt_secret',
  /** Shared with Kamailio when SOS_VOICE_SECRET is unset and voice is managed (docs/voice.md). */
  voiceSecret: 'voice_secret',
  /** Alarm handling (docs/alarm-handling.md, /api/conf/alarm): whole seconds, as text. */
  ackTargetSeconds: 'alarm_ack_target_seconds',
  offlineAfterSeconds: 'alarm_offline_after_seconds',
  /** The close policy (docs/alarm-handling.md "Close policy"): 'true'/'false', 'NEWEST'/'URGENT'. */
  requireOutcome: 'alarm_require_outcome',
  dashboardOrder: 'alarm_dashboard_order',
} as const;

export async function getSetting(db: Tx, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function setSetting(db: Tx, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Stores a value unless one exists (safe when several processes start at once); returns the stored one. */
export async function ensureSetting(db: Tx, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  const stored = await getSetting(db, key);
  if (stored === undefined) throw new Error(`setting ${key} missing after insert`);
  return stored;
}
