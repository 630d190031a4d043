import { afterAll, beforeAll, expect, it } from 'vitest';
import { authResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { loginAs, refreshByBody } from './helpers.js';

describeOnOneDb('POST /api/auth/logout', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const logout = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: payload as object });
  const adminLogin = () => loginAs(ctx.app, 'admin', 'admin-password');

  it('answers 204 with no body and the token no longer refreshes', async () => {
    const { refresh_token } = await adminLogin();
    const res = await logout({ refresh_token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refreshByBody(ctx.app, refresh_token)).statusCode).toBe(401);
  });

  it('needs no access token: an expired session can still end its refresh token', async () => {
    const { refresh_token } = await adminLogin();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: ctx.bearer('not-a-valid-token'),
      payload: { refresh_token },
    });
    expect(res.statusCode).toBe(204);
  });

  it('revokes the whole family, even when given an older, rotated token', async () => {
    const first = await adminLogin();
    const second = authResponseSchema.parse(
      (await refreshByBody(ctx.app, first.refresh_token)).json(),
    );
    expect((await logout({ refresh_token: first.refresh_token })).statusCode).toBe(204);
    expect((await refreshByBody(ctx.app, second.refresh_token)).statusCode).toBe(401);
  });

  it('leaves the other logins of the user alone', async () => {
    const mine = await adminLogin();
    const elsewhere = await adminLogin();
    await logout({ refresh_token: mine.refresh_token });
    expect((await refreshByBody(ctx.app, elsewhere.refresh_token)).statusCode).toBe(200);
  });

  it('is idempotent: an unknown or already revoked token still gets 204', async () => {
    const { refresh_token } = await adminLogin();
    expect((await logout({ refresh_token })).statusCode).toBe(204);
    expect((await logout({ refresh_token })).statusCode).toBe(204);
    expect((await logout({ refresh_token: 'never-issued' })).statusCode).toBe(204);
  });

  it.each([
    ['no refresh_token', {}],
    ['an empty refresh_token', { refresh_token: '' }],
    ['a number', { refresh_token: 5 }],
    ['a too long token', { refresh_token: 't'.repeat(513) }],
  ])('answers 400 VALIDATION_ERROR naming body.refresh_token for %s', async (_name, payload) => {
    const res = await logout(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain('body.refresh_token');
  });

  it('answers 400 for malformed JSON and for no body', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      400,
    );
  });
});
