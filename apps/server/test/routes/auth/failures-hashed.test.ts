import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { rowsOf } from '../../../src/db/rows.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

/** auth_failures keeps the HMAC of the username as the audit log does, never what was typed. */
describeOnOneDb('failed logins kept by the HMAC of the username', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const login = (username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: apiPath('login'), payload: { username, password } });

  it('stores no typed username; "Admin" and " admin" still share the pair window', async () => {
    expect((await login('Correct-Horse-Battery-9', 'x')).statusCode).toBe(401);
    for (const name of ['Admin', ' admin', 'ADMIN', 'admin', 'aDmin'])
      expect((await login(name, 'wrong')).statusCode).toBe(401);
    expect((await login('admin', 'wrong')).statusCode).toBe(429);
    const rows = rowsOf<{ username: string }>(
      await ctx.database.db.execute(sql`SELECT username FROM auth_failures WHERE kind = 'login'`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.username))).toBe(true);
    const all = JSON.stringify(rows).toLowerCase();
    expect(all).not.toContain('horse');
    expect(all).not.toContain('admin');
  });
});
