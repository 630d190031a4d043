import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER, authResponseSchema } from '@sos/contract';
import { buildApp } from '../../src/app.js';
import { lockDataDir } from '../../src/db/lock.js';
import { openDatabase } from '../../src/db/open.js';
import { describeEachDb, TEST_ENV } from '../helpers/app.js';
import { createUserArgs, useAdminCli } from './admin-cli.js';

describeEachDb('npm run admin', (kind) => {
  const cli = useAdminCli(kind);
  const { admin } = cli;
  /** The server on the same database, as it would run after the command. */
  const withServer = async <T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> => {
    const app = await buildApp({ env: TEST_ENV, database: await openDatabase(cli.env()) });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  const login = (app: FastifyInstance, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('create-user creates an account that can sign in with its role', async () => {
    const run = await admin(
      ...createUserArgs('alice', 'alice@example.it', 'SUPER_ADMIN', 'alice-password'),
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toMatch(/^created SUPER_ADMIN "alice" <alice@example.it> \(id \d+\)/);
    expect(run.out).not.toContain('alice-password');
    await withServer(async (app) => {
      const res = await login(app, 'alice', 'alice-password');
      expect(res.statusCode).toBe(200);
      expect(authResponseSchema.parse(res.json())).toMatchObject({
        username: 'alice',
        role: 'SUPER_ADMIN',
      });
    });
  });

  it('create-user without --password generates one and prints it once', async () => {
    const run = await admin(...createUserArgs('bob', 'bob@example.it', 'EMPLOYEE'));
    expect(run.code).toBe(0);
    const password = /generated password: (\S+)/.exec(run.out)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(16);
    await withServer(async (app) => {
      const res = await login(app, 'bob', password!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'EMPLOYEE' });
    });
  });

  it('create-user refuses a username already taken (exit 1)', async () => {
    const run = await admin(...createUserArgs('alice', 'other@example.it', 'EMPLOYEE'));
    expect(run.code).toBe(1);
    expect(run.err).toContain('create-user: The username "alice" is already taken');
  });

  it.each([
    [['--email', 'x@example.it', '--role', 'EMPLOYEE'], '--username: is required'],
    [
      ['--username', 'carol', '--email', 'not-an-email', '--role', 'EMPLOYEE'],
      '--email: must be a valid email address',
    ],
    [
      ['--username', 'carol', '--email', 'c@example.it'],
      '--role: is required (SUPER_ADMIN or EMPLOYEE)',
    ],
    [['--username', 'carol', '--email', 'c@example.it', '--role', 'BOSS'], '--role: '],
    [
      [
        '--username',
        'carol',
        '--email',
        'c@example.it',
        '--role',
        'EMPLOYEE',
        '--password',
        'short',
      ],
      '--password: must be at least 8 characters',
    ],
    [
      ['--username', 'carol', '--email', 'c@example.it', '--role', 'EMPLOYEE', '--admin'],
      "Unknown option '--admin'",
    ],
  ])('create-user %j: exit 2, %s', async (args, message) => {
    const run = await admin('create-user', ...args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
    expect(run.err).toContain('Usage: npm run admin');
  });

  it('reset-password sets a new password and ends the sessions of the old one', async () => {
    const before = await withServer(async (app) =>
      authResponseSchema.parse((await login(app, 'alice', 'alice-password')).json()),
    );
    const run = await admin(
      'reset-password',
      '--username',
      'alice',
      '--password',
      'brand-new-password',
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('password of "alice" changed');
    await withServer(async (app) => {
      expect((await login(app, 'alice', 'alice-password')).statusCode).toBe(401);
      expect((await login(app, 'alice', 'brand-new-password')).statusCode).toBe(200);
      const refresh = await app.inject({
        method: 'POST',
        url: `/api/auth/refreshAuth?refresh_token=${before.refresh_token}`,
      });
      expect(refresh.statusCode).toBe(401);
      // The session ended at once: its access token is refused too (docs/security.md).
      const call = await app.inject({
        url: '/api/device/getAll',
        headers: { authorization: `Bearer ${before.access_token}` },
      });
      expect(call.statusCode).toBe(401);
    });
  });

  it('reset-password without --password generates one', async () => {
    const run = await admin('reset-password', '--username', 'bob');
    expect(run.code).toBe(0);
    const password = /generated password: (\S+)/.exec(run.out)?.[1];
    await withServer(async (app) =>
      expect((await login(app, 'bob', password!)).statusCode).toBe(200),
    );
  });

  it('reset-password of an unknown user: exit 1; bad input: exit 2', async () => {
    const unknown = await admin(
      'reset-password',
      '--username',
      'nobody',
      '--password',
      'whatever-password',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('no user is named "nobody"');
    const short = await admin('reset-password', '--username', 'alice', '--password', '123');
    expect(short.code).toBe(2);
    expect(short.err).toContain('--password: must be at least 8 characters');
  });

  it('reset-password and create-user apply the console password policy, saying why (exit 2)', async () => {
    // alice is a SUPER_ADMIN: 12 characters at least; bob an EMPLOYEE: 8.
    const short = await admin('reset-password', '--username', 'alice', '--password', 'elevenchars');
    expect(short.code).toBe(2);
    expect(short.err).toContain(
      '--password: must be at least 12 characters for a super administrator',
    );
    const common = await admin('reset-password', '--username', 'bob', '--password', 'password');
    expect(common.code).toBe(2);
    expect(common.err).toContain('--password: is one of the most common passwords');
    const shortAdmin = await admin(
      ...createUserArgs('carla', 'carla@example.it', 'SUPER_ADMIN', 'carla-pass1'),
    );
    expect(shortAdmin.code).toBe(2);
    expect(shortAdmin.err).toContain('--password: must be at least 12 characters');
    // Nothing changed: the passwords in force still sign in, 12345678 does not.
    expect(
      (await admin('reset-password', '--username', 'bob', '--password', '12345678')).code,
    ).toBe(2);
    await withServer(async (app) => {
      expect((await login(app, 'alice', 'brand-new-password')).statusCode).toBe(200);
      expect((await login(app, 'bob', '12345678')).statusCode).toBe(401);
      expect((await login(app, 'carla', 'carla-pass1')).statusCode).toBe(401);
    });
    // An employee's 8 characters that nobody else uses are accepted.
    expect(
      (await admin('reset-password', '--username', 'bob', '--password', 'qz7Wk2pL')).code,
    ).toBe(0);
  });

  it('set-api-key changes the key the device API accepts', async () => {
    expect((await admin('set-api-key', '--key', 'first-key')).code).toBe(0);
    const run = await admin('set-api-key', '--key', 'second-key');
    expect(run.code).toBe(0);
    expect(run.out).toContain('device API key changed');
    await withServer(async (app) => {
      const register = (key: string) =>
        app.inject({
          method: 'POST',
          url: '/api/device/register',
          headers: { [API_KEY_HEADER]: key },
          payload: { serial: 'ADMIN-1', displayName: 'Pulsante' },
        });
      expect((await register('first-key')).statusCode).toBe(401);
      expect((await register('second-key')).statusCode).toBe(201);
    });
  });

  it.each([
    [[], '--key: is required'],
    [['--key', 'abc'], '--key: must be at least 4 characters'],
    [['--key', 'chiave-è-strana'], '--key: must contain printable ASCII characters only'],
  ])('set-api-key %j: exit 2, %s', async (args, message) => {
    const run = await admin('set-api-key', ...args);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });

  it('migrate says the database is up to date', async () => {
    const run = await admin('migrate');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/database up to date: [1-9]\d* migrations applied/);
    expect(run.out).toContain(
      kind === 'embedded' ? `embedded database in ${cli.env().SOS_DATA_DIR}` : 'PostgreSQL',
    );
  });

  it('help prints the usage (exit 0); an unknown command is a usage error (exit 2)', async () => {
    const help = await admin('help');
    expect(help.code).toBe(0);
    expect(help.out).toContain(
      'create-user --username U --email E --role SUPER_ADMIN|EMPLOYEE [--password P]',
    );
    const unknown = await admin('drop-everything');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "drop-everything"');
    expect((await admin()).code).toBe(2);
  });

  if (kind === 'embedded') {
    it('says the server holds the embedded database instead of touching it (exit 1)', async () => {
      // A running server's lock: the folder is held (here by this very process).
      const release = await lockDataDir(cli.env().SOS_DATA_DIR);
      try {
        const run = await admin('set-api-key', '--key', 'while-locked');
        expect(run.code).toBe(1);
        expect(run.err).toContain(`is in use by another server process (pid ${process.pid})`);
        expect(run.err).toContain('cannot run while the server uses the embedded database');
      } finally {
        await release();
      }
    });
  }
});
