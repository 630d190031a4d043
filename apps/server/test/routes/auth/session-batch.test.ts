import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuthResponse } from '@sos/contract';
import { buildApp } from '../../../src/app.js';
import { users } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { addUser, loginAs, registerProbe } from './helpers.js';

/**
 * The session checks of requests that arrive together are read in one query (plugins/app/auth.ts):
 * each request must still get its own verdict, and a sign-out, role change or deletion made by
 * another server process must apply to the very next requests, as with one query each.
 */
describeOnOneDb('session checks read together', (kind) => {
  let ctx: TestContext;
  let other: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, registerProbe);
    other = await buildApp({ env: TEST_ENV, database: ctx.database, closeDatabase: false });
  });
  afterAll(async () => {
    await other?.close();
    await ctx.close();
  });

  const probe = (session: AuthResponse) =>
    ctx.app.inject({ url: '/probe', headers: ctx.bearer(session.access_token) });

  it('answers each of many concurrent requests with its own user, or 401 for its ended session', async () => {
    const id = await addUser(ctx.database, 'batch-user', 'batch-password-1');
    const doomed = await addUser(ctx.database, 'batch-doomed', 'batch-password-2');
    const admin = await loginAs(ctx.app, 'admin', 'admin-password');
    const user = await loginAs(ctx.app, 'batch-user', 'batch-password-1');
    const ended = await loginAs(ctx.app, 'batch-user', 'batch-password-1');
    const gone = await loginAs(ctx.app, 'batch-doomed', 'batch-password-2');
    // Another process ends one session, promotes the user, and deletes the other user.
    expect(
      (
        await other.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { refresh_token: ended.refresh_token },
        })
      ).statusCode,
    ).toBe(204);
    await ctx.database.db.update(users).set({ role: 'SUPER_ADMIN' }).where(eq(users.id, id));
    await ctx.database.db.delete(users).where(eq(users.id, doomed));
    const sessions = [admin, user, ended, gone];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => probe(sessions[i % 4]!)),
    );
    answers.forEach((res, i) => {
      if (i % 4 === 0) expect(res.json()).toMatchObject({ username: 'admin', role: 'SUPER_ADMIN' });
      if (i % 4 === 1)
        expect(res.json()).toEqual({ id, username: 'batch-user', role: 'SUPER_ADMIN' });
      expect(res.statusCode).toBe(i % 4 >= 2 ? 401 : 200);
    });
    // And the next requests see the next change at once.
    await ctx.database.db.update(users).set({ role: 'EMPLOYEE' }).where(eq(users.id, id));
    const after = await Promise.all([probe(user), probe(user), probe(admin)]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(after[0]!.json()).toMatchObject({ role: 'EMPLOYEE' });
    expect(after[1]!.json()).toMatchObject({ role: 'EMPLOYEE' });
  });
});
