import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { employeeSchema, errorResponseSchema } from '@sos/contract';
import { changeEmployee, removeEmployee } from '../../../src/users/writes.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { restoreUsers, snapshotUsers } from './reset.js';
import { addUser, loginAs } from '../auth/helpers.js';
import type { AuditBy } from '../../../src/audit/by.js';

/** The loser of the race acts as the operator who passed the guard. */
const BY: AuditBy = { actor: { id: 2, username: 'employee' }, address: '127.0.0.1' };

describeOnOneDb('roles from the console: own role, last super administrator', (kind) => {
  let ctx: TestContext;
  let seeded: Awaited<ReturnType<typeof snapshotUsers>>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    seeded = await snapshotUsers(ctx.database);
  });
  afterEach(async () => restoreUsers(ctx.database, seeded));
  afterAll(async () => ctx.close());

  const patch = (id: number, payload: object, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/employee/${id}`,
      headers: ctx.bearer(token),
      payload,
    });
  const roleOf = async (id: number) =>
    employeeSchema.parse(
      (
        await ctx.app.inject({ url: `/api/employee/${id}`, headers: ctx.bearer(ctx.admin.token) })
      ).json(),
    ).role;

  it('creates a super administrator who can then manage users', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: ctx.bearer(ctx.admin.token),
      payload: {
        username: 'carla',
        email: 'carla@example.com',
        password: 'carla-password',
        role: 'SUPER_ADMIN',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(employeeSchema.parse(res.json()).role).toBe('SUPER_ADMIN');
    const token = (await loginAs(ctx.app, 'carla', 'carla-password')).access_token;
    const list = await ctx.app.inject({ url: '/api/employee', headers: ctx.bearer(token) });
    expect(list.statusCode).toBe(200);
  });

  it('creates an operator when no role is given', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: ctx.bearer(ctx.admin.token),
      payload: { username: 'dario', email: 'dario@example.com', password: 'dario-password' },
    });
    expect(employeeSchema.parse(res.json()).role).toBe('EMPLOYEE');
  });

  it("refuses a change of one's own role with 403 OWN_ROLE, checked before the last super administrator", async () => {
    const res = await patch(ctx.admin.id, {
      username: 'admin',
      email: 'a@example.com',
      role: 'EMPLOYEE',
    });
    expect(res.statusCode).toBe(403);
    expect(errorResponseSchema.parse(res.json()).code).toBe('OWN_ROLE');
    expect(await roleOf(ctx.admin.id)).toBe('SUPER_ADMIN');
  });

  it("refuses one's own demotion even when another super administrator remains", async () => {
    await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const res = await patch(ctx.admin.id, {
      username: 'admin',
      email: 'a@example.com',
      role: 'EMPLOYEE',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OWN_ROLE');
  });

  it("accepts one's own role sent unchanged", async () => {
    const res = await patch(ctx.admin.id, {
      username: 'admin',
      email: 'a@example.com',
      role: 'SUPER_ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(employeeSchema.parse(res.json()).role).toBe('SUPER_ADMIN');
  });

  it('lets a super administrator demote another one, whose sessions end', async () => {
    const bob = await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    const bobToken = (await loginAs(ctx.app, 'bob', 'bob-password')).access_token;
    const res = await patch(bob, { username: 'bob', email: 'b@example.com', role: 'EMPLOYEE' });
    expect(res.statusCode).toBe(200);
    const after = await ctx.app.inject({
      url: '/api/device/getAll',
      headers: ctx.bearer(bobToken),
    });
    expect(after.statusCode).toBe(401);
  });

  // Through the API a caller is a super administrator himself, so the target is never the
  // last one; it happens when two demote each other at once (update.test.ts). Here the race's
  // loser is played directly: his request passed the guard, then he was demoted.
  it('never demotes the last super administrator: 409 LAST_SUPER_ADMIN', async () => {
    const caller = { id: ctx.employee.id, session: null };
    const body = { username: 'admin', email: 'a@example.com', role: 'EMPLOYEE' as const };
    await expect(changeEmployee(ctx.app.db, ctx.admin.id, body, caller, BY)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'LAST_SUPER_ADMIN',
    });
    expect(await roleOf(ctx.admin.id)).toBe('SUPER_ADMIN');
  });

  it('never deletes the last super administrator: 409 LAST_SUPER_ADMIN', async () => {
    await expect(removeEmployee(ctx.app.db, ctx.admin.id, BY)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'LAST_SUPER_ADMIN',
    });
    expect(await roleOf(ctx.admin.id)).toBe('SUPER_ADMIN');
  });

  it('refuses a role from an operator: 403', async () => {
    const res = await patch(
      ctx.employee.id,
      { username: 'employee', email: 'e@example.com', role: 'SUPER_ADMIN' },
      ctx.employee.token,
    );
    expect(res.statusCode).toBe(403);
    expect(await roleOf(ctx.employee.id)).toBe('EMPLOYEE');
  });
});
