import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { GENERATED_API_KEY_LENGTH } from '@sos/contract';
import type { Db, Tx } from './db/client.js';
import { settings, users } from './db/schema.js';
import { getSetting, SETTING_KEYS } from './db/settings.js';
import { hashPassword } from './lib/password.js';

export interface BootstrapOptions {
  adminUsername: string;
  /** Otherwise a placeholder under the reserved .test domain, to be replaced in the user form. */
  adminEmail?: string | undefined;
  /** Otherwise a random one is generated and returned (never a fixed default). */
  adminPassword?: string | undefined;
  /** Otherwise a random one is generated and returned. */
  deviceApiKey?: string | undefined;
}

export interface BootstrapResult {
  /** Set only when this call created the first super administrator: print it once. */
  createdAdmin?: { username: string; password: string; generated: boolean };
  /** The stored device API key (existing or just created). */
  apiKey: string;
  /** Whether this call generated the key (the caller prints it once). */
  generatedApiKey: boolean;
}

/** Any key of our own: two processes starting on one database run this one at a time. */
const BOOTSTRAP_LOCK = 0x5305_0002;

const randomSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * First start: creates the first super administrator when there is no user at all and
 * the device API key when none is stored. Later starts change nothing.
 */
export async function bootstrap(db: Db, options: BootstrapOptions): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const createdAdmin = await createFirstAdmin(tx, options);
    const key = await ensureApiKey(tx, options.deviceApiKey);
    return { ...(createdAdmin ? { createdAdmin } : {}), ...key };
  });
}

/** Valid for the user form's pattern (docs/console.md), and .test (RFC 2606) never reaches anyone. */
function placeholderEmail(username: string): string {
  const local = /^[^\s@]+$/.test(username) ? username : 'admin';
  return `${local}@sos-console.test`;
}

async function createFirstAdmin(tx: Tx, options: BootstrapOptions) {
  const [existing] = await tx.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return undefined;
  const generated = !options.adminPassword;
  // 18 random bytes: 24 characters, 144 bits.
  const password = options.adminPassword || randomSecret(18);
  await tx.insert(users).values({
    username: options.adminUsername,
    email: options.adminEmail || placeholderEmail(options.adminUsername),
    role: 'SUPER_ADMIN',
    passwordHash: await hashPassword(password),
  });
  return { username: options.adminUsername, password, generated };
}

async function ensureApiKey(tx: Tx, wanted: string | undefined) {
  const generated = !wanted;
  const inserted = await tx
    .insert(settings)
    // 24 random bytes: GENERATED_API_KEY_LENGTH (32) characters.
    .values({
      key: SETTING_KEYS.apiKey,
      value: wanted || randomSecret((GENERATED_API_KEY_LENGTH * 3) / 4),
    })
    .onConflictDoNothing()
    .returning({ value: settings.value });
  const [row] = inserted;
  if (row) return { apiKey: row.value, generatedApiKey: generated };
  const stored = await getSetting(tx, SETTING_KEYS.apiKey);
  if (stored === undefined) throw new Error('device API key missing after insert');
  return { apiKey: stored, generatedApiKey: false };
}
