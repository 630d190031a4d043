import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResponseSchema, errorResponseSchema } from '@sos/contract';
import { refreshTokens, users } from '../../../src/db/schema.js';
import { hashToken } from '../../../src/auth/refresh-tokens.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { addUser, loginAs, refreshByBody, refreshByQuery, registerProbe } from './helpers.js';

describeOnOneDb('POST /api/auth/refreshAuth', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, registerProbe);
  });
  afterAll(async () => ctx.close());

  const adminLogin = () => loginAs(ctx.app, 'admin', 'admin-password');
  const expectInvalid = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(errorResponseSchema.parse(res.json()).code).toBe('INVALID_REFRESH_TOKEN');
  };

  it.each([
    ['query', refreshByQuery],
    ['JSON body', refreshByBody],
  ])('rotates a token sent in the %s', async (_where, send) => {
    const first = await adminLogin();
    const res = await send(ctx.app, first.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = authResponseSchema.parse(res.json());
    expect(next).toMatchObject({ id: ctx.admin.id, role: 'SUPER_ADMIN', username: 'admin' });
    expect(next.refresh_token).not.toBe(first.refresh_token);
    const probe = await ctx.app.inject({ url: '/probe', headers: ctx.bearer(next.access_token) });
    expect(probe.statusCode).toBe(200);
    // The successor is usable in turn.
    expect((await send(ctx.app, next.refresh_token)).statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body when the token is in the query', async () => {
    const { refresh_token } = await adminLogin();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/refreshAuth?refresh_token=${refresh_token}`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the same token in both places, refuses two different ones', async () => {
    const a = await adminLogin();
    const b = await adminLogin();
    const same = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/refreshAuth?refresh_token=${a.refresh_token}`,
      payload: { refresh_token: a.refresh_token },
    });
    expect(same.statusCode).toBe(200);
    const different = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/refreshAuth?refresh_token=${b.refresh_token}`,
      payload: { refresh_token: 'something-else' },
    });
    expect(different.statusCode).toBe(400);
    expect(different.json().code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['no token anywhere', { method: 'POST' as const, url: '/api/auth/refreshAuth' }],
    [
      'an empty JSON object',
      { method: 'POST' as const, url: '/api/auth/refreshAuth', payload: {} },
    ],
    [
      'an empty query token',
      { method: 'POST' as const, url: '/api/auth/refreshAuth?refresh_token=' },
    ],
    [
      'a number',
      { method: 'POST' as const, url: '/api/auth/refreshAuth', payload: { refresh_token: 12 } },
    ],
    [
      'a too long token',
      {
        method: 'POST' as const,
        url: '/api/auth/refreshAuth',
        payload: { refresh_token: 'x'.repeat(513) },
      },
    ],
  ])('answers 400 VALIDATION_ERROR naming refresh_token for %s', async (_name, request) => {
    const res = await ctx.app.inject(request);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain('refresh_token');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refreshAuth',
      headers: { 'content-type': 'application/json' },
      payload: '{"refresh_token":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('refuses an unknown token', async () => {
    expectInvalid(await refreshByBody(ctx.app, 'A'.repeat(43)));
  });

  it('refuses an expired token', async () => {
    const { refresh_token } = await adminLogin();
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh_token)));
    expectInvalid(await refreshByBody(ctx.app, refresh_token));
  });

  it('detects reuse of a rotated token after the grace and revokes the whole family, not other logins', async () => {
    const first = await adminLogin();
    const other = await adminLogin();
    const second = authResponseSchema.parse(
      (await refreshByBody(ctx.app, first.refresh_token)).json(),
    );
    // Past the 10 s grace (refresh-grace.test.ts covers the repeat within it).
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 11_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(first.refresh_token)));
    expectInvalid(await refreshByBody(ctx.app, first.refresh_token));
    // The legitimate successor dies with its family...
    expectInvalid(await refreshByBody(ctx.app, second.refresh_token));
    // ...while another login of the same user lives on.
    expect((await refreshByBody(ctx.app, other.refresh_token)).statusCode).toBe(200);
  });

  it('answers the current role and username, not those of the login', async () => {
    const id = await addUser(ctx.database, 'carol', 'carol-password');
    const first = await loginAs(ctx.app, 'carol', 'carol-password');
    await ctx.database.db
      .update(users)
      .set({ role: 'SUPER_ADMIN', username: 'caroline' })
      .where(eq(users.id, id));
    const next = authResponseSchema.parse(
      (await refreshByBody(ctx.app, first.refresh_token)).json(),
    );
    expect(next).toMatchObject({ id, role: 'SUPER_ADMIN', username: 'caroline' });
  });

  it("refuses a deleted user's token: it went with him", async () => {
    const id = await addUser(ctx.database, 'dave', 'dave-password');
    const { refresh_token } = await loginAs(ctx.app, 'dave', 'dave-password');
    await ctx.database.db.delete(users).where(eq(users.id, id));
    expect(
      await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, id)),
    ).toHaveLength(0);
    expectInvalid(await refreshByBody(ctx.app, refresh_token));
  });
});
