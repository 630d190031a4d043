import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { runAdmin } from '../../src/cli/run.js';
import { loadEnv, type Env } from '../../src/env.js';
import type { DbKind } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { toolVar } from '../../../../scripts/lib/env.mjs';

/** The configuration a user's environment would give: an embedded folder, or DATABASE_URL. */
async function configFor(kind: DbKind): Promise<{ env: Env; cleanup: () => Promise<void> }> {
  if (kind === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'sos-admin-test-'));
    return {
      env: loadEnv({ SOS_DATA_DIR: dir }),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const created = await createTestDatabase(
    toolVar('TEST_DATABASE_URL')!,
    inject('postgresTemplate'),
  );
  return { env: loadEnv({ DATABASE_URL: created.url }), cleanup: created.drop };
}

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/**
 * `npm run admin` in this process, on a database of the describe block's own (made before its
 * tests, dropped after), with what it printed and its exit code.
 */
export function useAdminCli(kind: DbKind) {
  let env: Env;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await configFor(kind));
  });
  afterAll(async () => cleanup());
  return {
    env: () => env,
    admin: async (...argv: string[]): Promise<AdminRun> => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
  };
}

/** create-user's arguments; the password left out when not given (the CLI generates one). */
export const createUserArgs = (
  username: string,
  email: string,
  role: string,
  password?: string,
) => [
  'create-user',
  '--username',
  username,
  '--email',
  email,
  '--role',
  role,
  ...(password === undefined ? [] : ['--password', password]),
];
