import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { describe, inject } from 'vitest';
import type { Role } from '@sos/contract';
import { buildApp, type AppEnv, type BuildAppOptions } from '../../src/app.js';
import { openEmbedded, openPostgres, type Database } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { hashPassword } from '../../src/lib/password.js';
import { openSession } from '../../src/auth/sessions.js';
import { createTestDatabase } from './postgres.js';
import { toolVar } from '../../../../scripts/lib/env.mjs';

export type DbKind = 'embedded' | 'postgres';

export const TEST_ENV: AppEnv = {
  SOS_JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  SOS_ACCESS_TOKEN_TTL_S: 900,
  SOS_REFRESH_TOKEN_TTL_S: 3600,
  SOS_EVENT_RETENTION: 1000,
  SOS_DEVICE_RATE_LIMIT: 1000,
  SOS_RATE_LIMIT: 100_000,
  TZ: 'Europe/Rome',
  SOS_LOGIN_FAILURES_PER_PAIR: 5,
  // Every inject() comes from 127.0.0.1: the per-address throttles are tested on their own
  // (test/throttle, with their real defaults), not met by chance in other suites.
  SOS_LOGIN_FAILURES_PER_ADDRESS: 100_000,
  SOS_KEY_FAILURES_PER_ADDRESS: 100_000,
  SOS_TOKEN_FAILURES_PER_ADDRESS: 100_000,
};

interface TestUser {
  id: number;
  username: string;
  password: string;
  /** An access token of `sessionId`, a session of this user. */
  token: string;
  sessionId: string;
}

export interface TestContext {
  kind: DbKind;
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL only: the URL of this context's own database (for a second process). */
  databaseUrl?: string;
  admin: TestUser;
  employee: TestUser;
  apiKey: string;
  /** Authorization header of a token. */
  bearer(token: string): { authorization: string };
  close(): Promise<void>;
}

let snapshot: Blob | undefined;

/** Opens a fresh, migrated database of the given kind. */
export async function openTestDatabase(
  kind: DbKind,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'embedded') {
    snapshot ??= new Blob([await readFile(inject('pgliteSnapshot'))]);
    const database = await openEmbedded({ loadDataDir: snapshot });
    return { database, drop: async () => {} };
  }
  const url = toolVar('TEST_DATABASE_URL');
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const created = await createTestDatabase(url, inject('postgresTemplate'));
  return { database: await openPostgres(created.url, 5), url: created.url, drop: created.drop };
}

async function seedUser(database: Database, username: string, role: Role, password: string) {
  const [row] = await database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      role,
      passwordHash: inject('passwordHashes')[password] ?? (await hashPassword(password)),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A built app on a fresh database, with a super administrator, an employee and a device API key. */
export async function createTestApp(
  kind: DbKind = 'embedded',
  env: Partial<AppEnv> = {},
  /** Runs before app.ready(): register probe routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>,
  /** pino options (a test reading the log output); none by default. */
  logger?: FastifyServerOptions['logger'],
  /** Further build options (the alarm receivers). */
  build?: Pick<BuildAppOptions, 'receivers' | 'voice'>,
): Promise<TestContext> {
  const { database, url, drop } = await openTestDatabase(kind);
  const adminId = await seedUser(database, 'admin', 'SUPER_ADMIN', 'admin-password');
  const employeeId = await seedUser(database, 'employee', 'EMPLOYEE', 'employee-password');
  const apiKey = 'test-device-key';
  await setSetting(database.db, SETTING_KEYS.apiKey, apiKey);
  const app = await buildApp({
    env: { ...TEST_ENV, ...env },
    database,
    ...(logger ? { logger } : {}),
    ...build,
  });
  await beforeReady?.(app);
  await app.ready();
  const sign = async (id: number, username: string, role: Role, sessionId: string) =>
    (await app.tokens.signAccess({ id, username, role }, sessionId)).token;
  const adminSession = await openSession(database.db, adminId);
  const employeeSession = await openSession(database.db, employeeId);
  return {
    kind,
    app,
    database,
    ...(url ? { databaseUrl: url } : {}),
    admin: {
      id: adminId,
      username: 'admin',
      password: 'admin-password',
      token: await sign(adminId, 'admin', 'SUPER_ADMIN', adminSession),
      sessionId: adminSession,
    },
    employee: {
      id: employeeId,
      username: 'employee',
      password: 'employee-password',
      token: await sign(employeeId, 'employee', 'EMPLOYEE', employeeSession),
      sessionId: employeeSession,
    },
    apiKey,
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** The database kinds to run a suite on: embedded always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = inject('postgresReady') ? ['embedded', 'postgres'] : ['embedded'];

/** Runs a suite once per database kind (PostgreSQL is skipped, and says so, without TEST_DATABASE_URL). */
export function describeEachDb(name: string, suite: (kind: DbKind) => void) {
  for (const kind of ['embedded', 'postgres'] as const) {
    const run = DB_KINDS.includes(kind) ? describe : describe.skip;
    run(`${name} [${kind}]`, () => suite(kind));
  }
}

/**
 * Runs a suite of the HTTP surface (test/routes) on one database: PostgreSQL when
 * TEST_DATABASE_URL is set (a pool, where concurrent requests interleave for real), the
 * embedded one otherwise. The domain's own suites (test/sos, devices, audit, receivers, …) and
 * the live stream's run on both kinds (describeEachDb), and the end-to-end run drives the
 * routes on the embedded one. The route suites on both kinds took 214 CPU-s alone (1,787
 * tests), on one 89 (931 tests; one machine).
 */
export function describeOnOneDb(name: string, suite: (kind: DbKind) => void) {
  const kind: DbKind = DB_KINDS.includes('postgres') ? 'postgres' : 'embedded';
  describe(`${name} [${kind}]`, () => suite(kind));
}
