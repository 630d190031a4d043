import { afterAll, beforeAll, expect, it } from 'vitest';
import { employeeListSchema, employeeSchema, errorResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { addUser } from '../auth/helpers.js';

describeOnOneDb('GET /api/employee and /api/employee/:id', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await addUser(ctx.database, 'zoe', 'zoe-password');
    await addUser(ctx.database, 'bob', 'bob-password', 'SUPER_ADMIN');
    await addUser(ctx.database, 'Carl', 'carl-password');
  });
  afterAll(async () => ctx.close());

  const get = (url: string) => ctx.app.inject({ url, headers: ctx.bearer(ctx.admin.token) });

  it('lists every user ordered by username whatever its case, without password hashes', async () => {
    const res = await get('/api/employee');
    expect(res.statusCode).toBe(200);
    const list = employeeListSchema.parse(res.json());
    expect(list.map((u) => u.username)).toEqual(['admin', 'bob', 'Carl', 'employee', 'zoe']);
    expect(list.find((u) => u.username === 'bob')).toMatchObject({
      role: 'SUPER_ADMIN',
      email: 'bob@example.com',
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('answers one user', async () => {
    const res = await get(`/api/employee/${ctx.employee.id}`);
    expect(res.statusCode).toBe(200);
    expect(employeeSchema.parse(res.json())).toEqual({
      id: ctx.employee.id,
      username: 'employee',
      email: 'employee@example.com',
      role: 'EMPLOYEE',
    });
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'id', 'role', 'username']);
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    const res = await get('/api/employee/999999');
    expect(res.statusCode).toBe(404);
    expect(errorResponseSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1abc', '%20'])(
    'answers 400 VALIDATION_ERROR naming params.id for id "%s"',
    async (id) => {
      const res = await get(`/api/employee/${id}`);
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toContain('params.id');
    },
  );
});
