import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorResponseSchema } from '@sos/contract';
import { refreshTokens, sessions, users } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { restoreUsers, snapshotUsers } from './reset.js';
import { addUser, loginAs, refreshByBody } from '../auth/helpers.js';

describeOnOneDb('DELETE /api/employee/:id', (kind) => {
  let ctx: TestContext;
  let disconnected: number[];
  let seeded: Awaited<ReturnType<typeof snapshotUsers>>;
  let seededSessions: Array<typeof sessions.$inferSelect>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    seeded = await snapshotUsers(ctx.database);
    seededSessions = await ctx.database.db.select().from(sessions);
    // Record the calls to the live hub (it ends the user's streams on every process).
    ctx.app.live.disconnectUser = async (id: number) => {
      disconnected.push(id);
    };
  });
  beforeEach(() => {
    disconnected = [];
  });
  // These tests delete users: each starts from the seeded ones, with their sessions (deleting a
  // user deletes them; in the race below either administrator may be the one deleted).
  afterEach(async () => {
    await restoreUsers(ctx.database, seeded);
    await ctx.database.db.insert(sessions).values(seededSessions).onConflictDoNothing();
  });
  afterAll(async () => ctx.close());

  const remove = (id: number | string, token = ctx.admin.token) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/employee/${id}`, headers: ctx.bearer(token) });

  it('deletes the user: 204, then 404, and his live streams are told to end', async () => {
    const res = await remove(ctx.employee.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const fetched = await ctx.app.inject({
      url: `/api/employee/${ctx.employee.id}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(fetched.statusCode).toBe(404);
    expect(disconnected).toEqual([ctx.employee.id]);
  });

  it('ends his sessions: his access token and refresh token stop working at once', async () => {
    const session = await loginAs(ctx.app, 'employee', 'employee-password');
    await remove(ctx.employee.id);
    const rows = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, ctx.employee.id));
    expect(rows).toHaveLength(0);
    expect((await refreshByBody(ctx.app, session.refresh_token)).statusCode).toBe(401);
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const bobSession = await loginAs(ctx.app, 'bob', 'bob-password');
    await remove(bob);
    const res = await ctx.app.inject({
      url: '/api/employee',
      headers: ctx.bearer(bobSession.access_token),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses to delete yourself: 409 CANNOT_DELETE_SELF, and you still exist', async () => {
    const res = await remove(ctx.admin.id);
    expect(res.statusCode).toBe(409);
    expect(errorResponseSchema.parse(res.json()).code).toBe('CANNOT_DELETE_SELF');
    const me = await ctx.database.db.select().from(users).where(eq(users.id, ctx.admin.id));
    expect(me).toHaveLength(1);
    expect(disconnected).toEqual([]);
  });

  it('deletes another super administrator', async () => {
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    expect((await remove(bob)).statusCode).toBe(204);
  });

  it('never leaves zero super administrators when two delete each other at once', async () => {
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const bobToken = (await loginAs(ctx.app, 'bob', 'bob-password')).access_token;
    const results = await Promise.all([remove(bob), remove(ctx.admin.id, bobToken)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(204);
    // The loser is refused as the last one (409) or, already deleted, as unknown (401).
    expect([401, 409]).toContain(statuses[1]);
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
    expect(admins).toHaveLength(1);
  });

  it('answers 404 NOT_FOUND for an unknown id, twice in a row too', async () => {
    expect((await remove(ctx.employee.id)).statusCode).toBe(204);
    const again = await remove(ctx.employee.id);
    expect(again.statusCode).toBe(404);
    expect(errorResponseSchema.parse(again.json()).code).toBe('NOT_FOUND');
    expect((await remove(987654)).statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '1.5', '3000000000'])(
    'answers 400 naming params.id for id "%s"',
    async (id) => {
      const res = await remove(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toContain('params.id');
    },
  );
});
