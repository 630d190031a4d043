import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';

/** Request input a client may send: only UTF-8 JSON is read, an integer has one spelling. */
describeEachDb('request input', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const create = (contentType: string, n: number) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('employee'),
      headers: { ...ctx.bearer(ctx.admin.token), 'content-type': contentType },
      payload: JSON.stringify({
        username: `charset-${n}`,
        email: `charset-${n}@example.com`,
        password: 'a-long-passphrase-9',
      }),
    });

  it.each([
    'application/json; charset=utf-16',
    'application/json; charset=bogus',
    'application/json;charset="ISO-8859-1"',
  ])('a JSON body declared as %s is 415, nothing created', async (type) => {
    const res = await create(type, 1);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: apiPath('employee'),
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(JSON.stringify(list.json())).not.toContain('charset-1');
  });

  it.each([
    ['application/json; charset=UTF-8', 2],
    ['application/json; charset="utf-8"', 3],
    ['application/json', 4],
  ] as const)('%s is read', async (type, n) => {
    expect((await create(type, n)).statusCode).toBe(201);
  });

  it.each(['0x1', '%201', '1e0', '0b1', '1.0', '+1', '0o1', '1%20'])(
    'GET /api/employee/%s is a 400, not user 1',
    async (id) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/employee/${id}`,
        headers: ctx.bearer(ctx.admin.token),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^params\.id: /);
    },
  );

  it('GET /api/employee/<decimal> still answers that user', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/employee/${ctx.admin.id}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each(['sosId=0x1', 'sosId=1e0'])('query %s is a 400 naming it', async (query) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${apiPath('sosTimeline')}?${query}`,
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^querystring\.sosId: /);
  });

  it.each(['limit=1e1', 'limit=0x10', 'limit=%2010'])(
    'history %s is a 400; limit=10 is read',
    async (query) => {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `${apiPath('sosHistory')}?${query}`,
        headers: ctx.bearer(ctx.admin.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^querystring\.limit: /);
      const good = await ctx.app.inject({
        method: 'GET',
        url: `${apiPath('sosHistory')}?limit=10`,
        headers: ctx.bearer(ctx.admin.token),
      });
      expect(good.statusCode).toBe(200);
    },
  );
});

/** Answers carrying a token, a key or a profile are never cached: a shared cache must not keep them. */
describeEachDb('Cache-Control: no-store', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  it('on login, refresh, the API key and the profile, answered or refused', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: apiPath('login'),
      payload: { username: 'admin', password: 'admin-password' },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: `${apiPath('refreshAuth')}?refresh_token=${login.json<{ refresh_token: string }>().refresh_token}`,
    });
    const key = await ctx.app.inject({
      method: 'GET',
      url: apiPath('confApiKey'),
      headers: ctx.bearer(ctx.admin.token),
    });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `${apiPath('deviceProfile')}?id=1`,
      headers: ctx.bearer(ctx.admin.token),
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: apiPath('login'),
      payload: { username: 'admin', password: 'wrong' },
    });
    for (const res of [login, refresh, key, profile, refused])
      expect(res.headers['cache-control']).toBe('no-store');
    expect(refresh.statusCode).toBe(200);
    expect(key.statusCode).toBe(200);
  });
});
