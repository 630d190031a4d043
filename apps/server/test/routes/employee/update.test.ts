import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema.js';
import { employeeSchema, errorResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { restoreUsers, snapshotUsers } from './reset.js';
import { addUser, loginAs, refreshByBody } from '../auth/helpers.js';

describeOnOneDb('PATCH /api/employee/:id', (kind) => {
  let ctx: TestContext;
  let seeded: Awaited<ReturnType<typeof snapshotUsers>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    seeded = await snapshotUsers(ctx.database);
  });
  // These tests rename, demote and change passwords: each starts from the seeded users.
  afterEach(async () => restoreUsers(ctx.database, seeded));
  afterAll(async () => ctx.close());

  const patch = (id: number | string, payload: unknown, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/employee/${id}`,
      headers: ctx.bearer(token),
      payload: payload as object,
    });
  const canLogin = async (username: string, password: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      })
    ).statusCode === 200;

  it('updates username, email and role, answers the user, and the old password still works', async () => {
    const res = await patch(ctx.employee.id, {
      id: ctx.employee.id,
      username: 'employee2',
      email: 'e2@example.org',
      password: '',
      role: 'SUPER_ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(employeeSchema.parse(res.json())).toEqual({
      id: ctx.employee.id,
      username: 'employee2',
      email: 'e2@example.org',
      role: 'SUPER_ADMIN',
    });
    expect(await canLogin('employee2', 'employee-password')).toBe(true);
    // The role change ended his session (docs/security.md): his existing access token is refused at once.
    const list = await ctx.app.inject({
      url: '/api/employee',
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(list.statusCode).toBe(401);
  });

  it('keeps the role when none is sent, and the password when it is absent', async () => {
    const res = await patch(ctx.employee.id, { username: 'employee', email: 'new@example.com' });
    expect(res.json()).toMatchObject({ role: 'EMPLOYEE', email: 'new@example.com' });
    expect(await canLogin('employee', 'employee-password')).toBe(true);
  });

  it("sets a new password and ends the user's refresh tokens", async () => {
    const session = await loginAs(ctx.app, 'employee', 'employee-password');
    const res = await patch(ctx.employee.id, {
      username: 'employee',
      email: 'e@example.com',
      password: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(await canLogin('employee', 'employee-password')).toBe(false);
    expect(await canLogin('employee', 'brand-new-pass')).toBe(true);
    expect((await refreshByBody(ctx.app, session.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a demoted user at once on super-administrator routes', async () => {
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const { access_token } = await loginAs(ctx.app, 'bob', 'bob-password');
    expect(
      (await patch(bob, { username: 'bob', email: 'bob@example.com', role: 'EMPLOYEE' }))
        .statusCode,
    ).toBe(200);
    // His session ended with the change (docs/security.md): refused before any role check.
    const res = await ctx.app.inject({ url: '/api/employee', headers: ctx.bearer(access_token) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 VALIDATION_ERROR when body.id differs from the path id', async () => {
    const res = await patch(ctx.employee.id, {
      id: ctx.admin.id,
      username: 'employee',
      email: 'e@example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain('body.id');
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    const res = await patch(424242, { username: 'ghost', email: 'g@example.com' });
    expect(res.statusCode).toBe(404);
    expect(errorResponseSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it.each(['x', '0', '-3', '2.5'])('answers 400 naming params.id for id "%s"', async (id) => {
    const res = await patch(id, { username: 'a', email: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('params.id');
  });

  it("refuses another user's username, whatever its case: 409 USERNAME_TAKEN", async () => {
    for (const username of ['admin', 'Admin']) {
      const res = await patch(ctx.employee.id, { username, email: 'e@example.com' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('USERNAME_TAKEN');
    }
  });

  it('lets a user change the case of his own username', async () => {
    const res = await patch(ctx.employee.id, { username: 'Employee', email: 'e@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('Employee');
  });

  // One's own role and the last super administrator: role-rules.test.ts.

  it('never leaves zero super administrators when two demote each other at once', async () => {
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const bobToken = (await loginAs(ctx.app, 'bob', 'bob-password')).access_token;
    const results = await Promise.all([
      patch(bob, { username: 'bob', email: 'b@example.com', role: 'EMPLOYEE' }),
      patch(
        ctx.admin.id,
        { username: 'admin', email: 'a@example.com', role: 'EMPLOYEE' },
        bobToken,
      ),
    ]);
    // The loser is refused as the last one (409), or, already demoted, as a non-admin (403)
    // or as a session the demotion ended (401).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toContain(200);
    expect(statuses.filter((s) => s !== 200).every((s) => [401, 403, 409].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'SUPER_ADMIN'));
    expect(admins).toHaveLength(1);
  });

  it.each([
    ['missing username', { email: 'a@example.com' }, 'body.username'],
    ['missing email', { username: 'employee' }, 'body.email'],
    ['bad email', { username: 'employee', email: 'nope' }, 'body.email'],
    [
      'short password',
      { username: 'employee', email: 'a@example.com', password: 'short' },
      'body.password',
    ],
    ['string id', { id: 'one', username: 'employee', email: 'a@example.com' }, 'body.id'],
    ['unknown role', { username: 'employee', email: 'a@example.com', role: 'admin' }, 'body.role'],
    ['too long username', { username: 'u'.repeat(51), email: 'a@example.com' }, 'body.username'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, payload, field) => {
    const res = await patch(ctx.employee.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(field);
  });
});
