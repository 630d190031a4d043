import { afterAll, beforeAll, expect, it } from 'vitest';
import { employeeSchema, errorResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { loginAs } from '../auth/helpers.js';

describeOnOneDb('POST /api/employee', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const create = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: ctx.bearer(ctx.admin.token),
      payload: payload as object,
    });

  it('creates an EMPLOYEE by default, answers 201 with the user, who can then log in', async () => {
    const res = await create({
      username: ' mario ',
      email: 'mario@example.it',
      password: 'mario-password',
    });
    expect(res.statusCode).toBe(201);
    const created = employeeSchema.parse(res.json());
    expect(created).toMatchObject({
      username: 'mario',
      email: 'mario@example.it',
      role: 'EMPLOYEE',
    });
    expect(res.body).not.toContain('mario-password');
    const session = await loginAs(ctx.app, 'mario', 'mario-password');
    expect(session).toMatchObject({ id: created.id, role: 'EMPLOYEE' });
    const fetched = await ctx.app.inject({
      url: `/api/employee/${created.id}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(fetched.json()).toEqual(created);
  });

  it('creates a SUPER_ADMIN when asked', async () => {
    const res = await create({
      username: 'luigi',
      email: 'luigi@example.it',
      password: 'luigi-password',
      role: 'SUPER_ADMIN',
    });
    expect(res.statusCode).toBe(201);
    expect(employeeSchema.parse(res.json()).role).toBe('SUPER_ADMIN');
  });

  it.each(['employee', 'EMPLOYEE', 'Employee', '  employee  '])(
    'refuses the existing username "%s" with 409 USERNAME_TAKEN (case aside)',
    async (username) => {
      const res = await create({ username, email: 'x@example.com', password: 'some-password' });
      expect(res.statusCode).toBe(409);
      expect(errorResponseSchema.parse(res.json()).code).toBe('USERNAME_TAKEN');
    },
  );

  it('lets exactly one of two concurrent creations of one username through', async () => {
    const payload = { username: 'twin', email: 'twin@example.com', password: 'twin-password' };
    const statuses = (
      await Promise.all([create(payload), create({ ...payload, username: 'TWIN' })])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(statuses).toEqual([201, 409]);
  });

  it.each([
    ['missing username', { email: 'a@example.com', password: 'first-pass-1' }, 'body.username'],
    [
      'blank username',
      { username: '  ', email: 'a@example.com', password: 'first-pass-1' },
      'body.username',
    ],
    [
      'too long username',
      { username: 'u'.repeat(51), email: 'a@example.com', password: 'first-pass-1' },
      'body.username',
    ],
    [
      'number username',
      { username: 7, email: 'a@example.com', password: 'first-pass-1' },
      'body.username',
    ],
    ['missing email', { username: 'a1', password: 'first-pass-1' }, 'body.email'],
    [
      'bad email',
      { username: 'a1', email: 'not-an-email', password: 'first-pass-1' },
      'body.email',
    ],
    [
      'email with a 5-letter TLD',
      { username: 'a1', email: 'a@example.abcde', password: 'first-pass-1' },
      'body.email',
    ],
    [
      'too long email',
      { username: 'a1', email: `${'e'.repeat(250)}@x.it`, password: 'first-pass-1' },
      'body.email',
    ],
    ['missing password', { username: 'a1', email: 'a@example.com' }, 'body.password'],
    [
      'short password',
      { username: 'a1', email: 'a@example.com', password: 'short7c' },
      'body.password',
    ],
    [
      'too long password',
      { username: 'a1', email: 'a@example.com', password: 'p'.repeat(201) },
      'body.password',
    ],
    [
      'unknown role',
      { username: 'a1', email: 'a@example.com', password: 'first-pass-1', role: 'ROOT' },
      'body.role',
    ],
  ])('answers 400 VALIDATION_ERROR for %s', async (_name, payload, field) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    const body = errorResponseSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.message).toContain(field);
  });

  it('answers 400 for malformed JSON, an array body and no body', async () => {
    const headers = { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' };
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee',
      headers,
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await create([1, 2])).statusCode).toBe(400);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee',
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(empty.statusCode).toBe(400);
  });
});
