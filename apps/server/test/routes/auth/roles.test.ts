import { afterAll, beforeAll, expect, it } from 'vitest';
import { authResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import { loginAs } from './helpers.js';

/** Login, refreshAuth and logout need no bearer token, and a bad one does not get in their way. */
describeOnOneDb('auth routes: whoever calls them', (kind) => {
  let ctx: TestContext;
  let callers: Array<[string, Record<string, string>]>;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const tokens = await badTokens(ctx.admin.id);
    callers = [
      ['anonymous', {}],
      ['EMPLOYEE', ctx.bearer(ctx.employee.token)],
      ['SUPER_ADMIN', ctx.bearer(ctx.admin.token)],
      ...BAD_TOKEN_NAMES.map((name): [string, Record<string, string>] => [
        name,
        ctx.bearer(tokens[name]!),
      ]),
    ];
  });
  afterAll(async () => ctx.close());

  it('login, refreshAuth and logout behave the same for every caller', async () => {
    for (const [who, headers] of callers) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { username: 'employee', password: 'employee-password' },
      });
      expect(login.statusCode, who).toBe(200);
      const session = authResponseSchema.parse(login.json());
      expect(session.username, who).toBe('employee');
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refreshAuth',
        headers,
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode, who).toBe(200);
      // The answer is the refresh token's user, never the bearer's.
      expect(refreshed.json().username, who).toBe('employee');
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        payload: { refresh_token: refreshed.json().refresh_token },
      });
      expect(logout.statusCode, who).toBe(204);
    }
  });

  it("a wrong password is refused whoever asks, even with the user's own valid token", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: ctx.bearer(ctx.admin.token),
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect((await loginAs(ctx.app, 'admin', 'admin-password')).id).toBe(ctx.admin.id);
  });
});
