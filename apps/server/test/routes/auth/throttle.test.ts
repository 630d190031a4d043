import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@sos/contract';
import { buildApp } from '../../../src/app.js';
import { authFailures } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, TEST_ENV, type TestContext } from '../../helpers/app.js';

describeOnOneDb('login throttling', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(authFailures);
  });

  const login = (username: string, password: string, app: FastifyInstance = ctx.app) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const failTimes = async (n: number, username: string) => {
    for (let i = 0; i < n; i++)
      expect((await login(username, 'wrong-password')).statusCode).toBe(401);
  };
  const expectBlocked = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(errorResponseSchema.parse(res.json()).code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    return retryAfter;
  };

  it('refuses the 6th attempt after 5 failures, even with the right password', async () => {
    await failTimes(5, 'admin');
    expectBlocked(await login('admin', 'wrong-password'));
    expectBlocked(await login('admin', 'admin-password'));
  });

  it('throttles an unknown username the same way', async () => {
    await failTimes(5, 'ghost');
    expectBlocked(await login('ghost', 'whatever-password'));
  });

  it('counts one window per username whatever its case', async () => {
    await failTimes(3, 'admin');
    await failTimes(2, 'ADMIN');
    expectBlocked(await login('admin', 'admin-password'));
  });

  it('leaves other usernames alone', async () => {
    await failTimes(5, 'admin');
    expect((await login('employee', 'employee-password')).statusCode).toBe(200);
  });

  it('lets the user in again once the failures leave the 5-minute window', async () => {
    await failTimes(5, 'admin');
    await ctx.database.db.update(authFailures).set({ at: sql`now() - interval '290 seconds'` });
    expect(expectBlocked(await login('admin', 'admin-password'))).toBeLessThanOrEqual(10);
    await ctx.database.db.update(authFailures).set({ at: sql`now() - interval '301 seconds'` });
    expect((await login('admin', 'admin-password')).statusCode).toBe(200);
  });

  it('does not extend the block with refused attempts', async () => {
    await failTimes(5, 'admin');
    for (let i = 0; i < 3; i++) expectBlocked(await login('admin', 'wrong-password'));
    const rows = await ctx.database.db.select().from(authFailures);
    expect(rows).toHaveLength(5);
  });

  it('forgets the failures after a successful login', async () => {
    await failTimes(4, 'admin');
    expect((await login('admin', 'admin-password')).statusCode).toBe(200);
    await failTimes(4, 'admin');
    expect((await login('admin', 'admin-password')).statusCode).toBe(200);
  });

  it('gives a burst of parallel guesses exactly 5 tries', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => login('admin', 'wrong-password')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('holds across server processes: the failures live in the database', async () => {
    const other = await buildApp({ env: TEST_ENV, database: ctx.database, closeDatabase: false });
    try {
      await failTimes(5, 'admin');
      expectBlocked(await login('admin', 'admin-password', other));
    } finally {
      await other.close();
    }
  });
});
