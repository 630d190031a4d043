import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES, shortLivedToken } from '../../helpers/tokens.js';

describeEachDb('authenticate hook', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, (app) => {
      app.get('/probe', { onRequest: [app.authenticate] }, async (req) => req.user);
    });
  });
  afterAll(async () => ctx.close());

  it('accepts a valid token and exposes the user', async () => {
    const res = await ctx.app.inject({ url: '/probe', headers: ctx.bearer(ctx.admin.token) });
    expect(res.json()).toEqual({ id: ctx.admin.id, username: 'admin', role: 'SUPER_ADMIN' });
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401', async (name) => {
    const tokens = await badTokens(ctx.admin.id);
    const res = await ctx.app.inject({ url: '/probe', headers: ctx.bearer(tokens[name]!) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(name === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
  });

  it('refuses a token it accepted before, once it has expired (verified tokens are remembered)', async () => {
    const token = await shortLivedToken(ctx.admin.id, 2, ctx.admin.sessionId);
    const probe = async () =>
      (await ctx.app.inject({ url: '/probe', headers: ctx.bearer(token) })).statusCode;
    expect(await probe()).toBe(200);
    await expect.poll(probe, { timeout: 6000, interval: 200 }).toBe(401);
  });
});
