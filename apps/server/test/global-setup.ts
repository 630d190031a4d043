import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { leanDataDir } from '../src/db/lean-data-dir.js';
import { hashPassword } from '../src/lib/password.js';
import { databaseUrl } from './helpers/postgres.js';
import { SERVER_DIR } from './helpers/process.js';
import { toolVar } from '../../../scripts/lib/env.mjs';
import { isFresh } from '../../../scripts/lib/fresh.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded data directory (tarball) every test file starts from. */
    pgliteSnapshot: string;
    /** Whether TEST_DATABASE_URL is set and its migrated template database exists. */
    postgresReady: boolean;
    /** Name of this run's migrated template database (each run has its own). */
    postgresTemplate: string;
    /** argon2id hashes of the seeded users' passwords (helpers/app.ts), hashed once per run. */
    passwordHashes: Record<string, string>;
    /** Whether the server's build (dist/) is newer than every source it comes from. */
    serverBuilt: boolean;
  }
}

/** Migrates once for the whole run: each test file then starts from a copy (~0.15 s, not ~3 s). */
export default async function setup(project: TestProject) {
  // Lean, as the build's seed: every test app loads all of it.
  const dump = await leanDataDir('none');
  const snapshot = join(tmpdir(), `sos-pglite-snapshot-${process.pid}.tar`);
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshot);
  // Child processes run the build when it is current (helpers/process.ts entryArgs).
  project.provide(
    'serverBuilt',
    isFresh(join(SERVER_DIR, 'dist/.tsbuildinfo'), [
      join(SERVER_DIR, 'src'),
      join(SERVER_DIR, '../../packages/contract/src'),
    ]),
  );
  // Every test app seeds the same two users: their hashes are made here once, not twice per
  // app (argon2id at its production cost is CPU the suite otherwise spends hundreds of times).
  project.provide('passwordHashes', {
    'admin-password': await hashPassword('admin-password'),
    'employee-password': await hashPassword('employee-password'),
  });

  const url = toolVar('TEST_DATABASE_URL');
  const TEMPLATE_DB = `sos_test_template_${process.pid}`;
  project.provide('postgresReady', Boolean(url));
  project.provide('postgresTemplate', TEMPLATE_DB);
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const template = await openPostgres(databaseUrl(url, TEMPLATE_DB), 1);
    await migrate(template, databaseUrl(url, TEMPLATE_DB));
    await template.close();
  } else {
    console.warn('TEST_DATABASE_URL is not set: the PostgreSQL tests are SKIPPED.');
  }

  return async () => {
    await rm(snapshot, { force: true });
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    }
  };
}
