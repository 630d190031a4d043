import { afterEach, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.js';
import { openSession } from '../src/auth/sessions.js';
import { buildApp } from '../src/app.js';
import { openPostgres, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { getSetting, SETTING_KEYS } from '../src/db/settings.js';
import { describeEachDb, openTestDatabase, TEST_ENV } from './helpers/app.js';

describeEachDb('bootstrap', (kind) => {
  let opened: { database: Database; url?: string; drop: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.database.close();
    await opened?.drop();
    opened = undefined;
  });
  const fresh = async () => {
    opened = await openTestDatabase(kind);
    return opened.database;
  };

  const canLogin = async (database: Database, username: string, password: string) => {
    const app = await buildApp({ env: TEST_ENV, database, closeDatabase: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      return res.statusCode === 200 && res.json().role === 'SUPER_ADMIN';
    } finally {
      await app.close();
    }
  };

  it('first run creates a super administrator with a generated password and a generated key', async () => {
    const database = await fresh();
    const result = await bootstrap(database.db, { adminUsername: 'admin' });
    expect(result.createdAdmin).toMatchObject({ username: 'admin', generated: true });
    expect(result.createdAdmin!.password.length).toBeGreaterThanOrEqual(16);
    expect(result.generatedApiKey).toBe(true);
    // docs/security.md: the generated key has 32 characters.
    expect(result.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await getSetting(database.db, SETTING_KEYS.apiKey)).toBe(result.apiKey);
    expect(await canLogin(database, 'admin', result.createdAdmin!.password)).toBe(true);
  });

  it('generates a different password on each fresh database (no fixed default)', async () => {
    const first = await bootstrap((await fresh()).db, { adminUsername: 'admin' });
    await opened!.database.close();
    await opened!.drop();
    const second = await bootstrap((await fresh()).db, { adminUsername: 'admin' });
    expect(first.createdAdmin!.password).not.toBe(second.createdAdmin!.password);
    expect(first.apiKey).not.toBe(second.apiKey);
  });

  it('second run creates nothing and keeps the key', async () => {
    const database = await fresh();
    const first = await bootstrap(database.db, { adminUsername: 'admin' });
    const second = await bootstrap(database.db, {
      adminUsername: 'other',
      adminPassword: 'other-password',
      deviceApiKey: 'other-key',
    });
    expect(second).toEqual({ apiKey: first.apiKey, generatedApiKey: false });
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('uses the configured password and key', async () => {
    const database = await fresh();
    const result = await bootstrap(database.db, {
      adminUsername: 'boss',
      adminPassword: 'configured-password',
      deviceApiKey: 'configured-key',
    });
    expect(result).toEqual({
      createdAdmin: { username: 'boss', password: 'configured-password', generated: false },
      apiKey: 'configured-key',
      generatedApiKey: false,
    });
    expect(await canLogin(database, 'boss', 'configured-password')).toBe(true);
  });

  it('gives the first administrator an email the user form accepts', async () => {
    const database = await fresh();
    await bootstrap(database.db, { adminUsername: 'admin' });
    const app = await buildApp({ env: TEST_ENV, database, closeDatabase: false });
    try {
      const [admin] = await database.db.select().from(users);
      const session = await openSession(database.db, admin!.id);
      const token = (
        await app.tokens.signAccess(
          { id: admin!.id, username: 'admin', role: 'SUPER_ADMIN' },
          session,
        )
      ).token;
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/employee/${admin!.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { id: admin!.id, username: admin!.username, email: admin!.email, password: '' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('creates one administrator and one key when two processes start together', async () => {
    const database = await fresh();
    // PostgreSQL: a second pool, as a second process would have; embedded: one database.
    const second = opened!.url ? await openPostgres(opened!.url, 2) : database;
    try {
      const results = await Promise.all([
        bootstrap(database.db, { adminUsername: 'admin' }),
        bootstrap(second.db, { adminUsername: 'admin' }),
      ]);
      expect(results.filter((r) => r.createdAdmin)).toHaveLength(1);
      expect(results.filter((r) => r.generatedApiKey)).toHaveLength(1);
      expect(results[0]!.apiKey).toBe(results[1]!.apiKey);
      expect(await database.db.select().from(users)).toHaveLength(1);
    } finally {
      if (second !== database) await second.close();
    }
  });
});
