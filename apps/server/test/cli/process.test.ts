import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environment } from '../../../../scripts/lib/env.mjs';
import { entryArgs } from '../helpers/process.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sos-admin-process-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

/** `npm run admin -- …` as a separate process (helpers/process.ts entryArgs). */
function admin(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [...entryArgs('src/cli/admin.ts'), ...args],
      {
        env: environment({ DATABASE_URL: '', SOS_DATA_DIR: dataDir, ...env }),
        timeout: 120_000,
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe('the admin command as a process', () => {
  it('exits 0 after doing its work', async () => {
    const run = await admin([
      'create-user',
      '--username',
      'dora',
      '--email',
      'dora@example.it',
      '--role',
      'EMPLOYEE',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('created EMPLOYEE "dora"');
    expect(run.stdout).toContain(`embedded database in ${dataDir}`);
  });

  it('exits 1 when the work cannot be done', async () => {
    const run = await admin(['reset-password', '--username', 'nobody']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no user is named "nobody"');
  });

  it('exits 2 on bad input, naming the option', async () => {
    const run = await admin(['set-api-key', '--key', 'ab']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--key: must be at least 4 characters');
  });

  it('exits 1 naming the variable when the configuration is wrong', async () => {
    const run = await admin(['migrate'], { DATABASE_URL: 'mysql://nope' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres:// connection string');
  });
});
