import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResponseSchema, errorResponseSchema } from '@sos/contract';
import { refreshTokens } from '../../../src/db/schema.js';
import { hashToken } from '../../../src/auth/refresh-tokens.js';
import { createTestApp, describeOnOneDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { registerProbe } from './helpers.js';

describeOnOneDb('POST /api/auth/login', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, registerProbe);
  });
  afterAll(async () => ctx.close());

  const login = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('answers both tokens and the user, with expiries in Unix seconds', async () => {
    const res = await login({ username: 'admin', password: 'admin-password' });
    expect(res.statusCode).toBe(200);
    const body = authResponseSchema.parse(res.json());
    expect(body).toMatchObject({ id: ctx.admin.id, role: 'SUPER_ADMIN', username: 'admin' });
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs(body.expires_at - (now + TEST_ENV.SOS_ACCESS_TOKEN_TTL_S))).toBeLessThan(60);
    expect(
      Math.abs(body.refresh_expires_at - (now + TEST_ENV.SOS_REFRESH_TOKEN_TTL_S)),
    ).toBeLessThan(60);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives an access token that authenticates the user', async () => {
    const body = authResponseSchema.parse(
      (await login({ username: 'employee', password: 'employee-password' })).json(),
    );
    const res = await ctx.app.inject({ url: '/probe', headers: ctx.bearer(body.access_token) });
    expect(res.json()).toEqual({ id: ctx.employee.id, username: 'employee', role: 'EMPLOYEE' });
  });

  it('stores only a hash of the refresh token', async () => {
    const body = authResponseSchema.parse(
      (await login({ username: 'admin', password: 'admin-password' })).json(),
    );
    const plain = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, body.refresh_token));
    const hashed = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(body.refresh_token)));
    expect(plain).toHaveLength(0);
    expect(hashed).toHaveLength(1);
    expect(hashed[0]?.userId).toBe(ctx.admin.id);
  });

  it('opens a new token family on every login', async () => {
    const a = authResponseSchema.parse(
      (await login({ username: 'admin', password: 'admin-password' })).json(),
    );
    const b = authResponseSchema.parse(
      (await login({ username: 'admin', password: 'admin-password' })).json(),
    );
    const rows = await ctx.database.db.select().from(refreshTokens);
    const family = (token: string) => rows.find((r) => r.tokenHash === hashToken(token))?.familyId;
    expect(family(a.refresh_token)).toBeDefined();
    expect(family(a.refresh_token)).not.toBe(family(b.refresh_token));
  });

  it('refuses a wrong password and an unknown username alike: 401 INVALID_CREDENTIALS', async () => {
    const wrong = await login({ username: 'admin', password: 'not-the-password' });
    const unknown = await login({ username: 'nobody', password: 'not-the-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(errorResponseSchema.parse(res.json()).code).toBe('INVALID_CREDENTIALS');
    }
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('matches the username exactly: another case is a wrong username', async () => {
    const res = await login({ username: 'ADMIN', password: 'admin-password' });
    expect(res.statusCode).toBe(401);
  });

  it('accepts surrounding spaces around the username (trimmed)', async () => {
    const res = await login({ username: '  employee ', password: 'employee-password' });
    expect(res.statusCode).toBe(200);
  });

  describe('bad input: 400 naming the field', () => {
    it.each([
      ['missing password', { username: 'admin' }, 'body.password'],
      ['missing username', { password: 'x' }, 'body.username'],
      ['empty username', { username: '   ', password: 'x' }, 'body.username'],
      ['empty password', { username: 'admin', password: '' }, 'body.password'],
      ['number username', { username: 42, password: 'x' }, 'body.username'],
      ['object password', { username: 'admin', password: { $ne: null } }, 'body.password'],
      ['too long username', { username: 'a'.repeat(101), password: 'x' }, 'body.username'],
      ['too long password', { username: 'admin', password: 'p'.repeat(201) }, 'body.password'],
    ])('%s', async (_name, payload, field) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toContain(field);
    });

    it('malformed JSON', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "admin", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    });

    it('no body at all', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(res.statusCode).toBe(400);
    });
  });
});
