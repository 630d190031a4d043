import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

/** Anything a client could send: JSON values of every shape, including huge strings. */
const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.record({ username: fc.anything(), password: fc.anything() }, { requiredKeys: [] }),
  fc.record({
    refresh_token: fc.oneof(
      fc.string(),
      fc.string({ minLength: 400, maxLength: 5000 }),
      fc.anything(),
    ),
  }),
);
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
);

describeOnOneDb('auth routes never answer 5xx', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const send = (url: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload) ?? 'null',
    });

  it.each(['/api/auth/login', '/api/auth/refreshAuth', '/api/auth/logout'])(
    '%s with arbitrary JSON',
    async (url) => {
      await fc.assert(
        fc.asyncProperty(anyJson, async (payload) => {
          expect((await send(url, payload)).statusCode).toBeLessThan(500);
        }),
        { numRuns: 50 },
      );
    },
  );

  it('login with arbitrary credentials', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (username, password) => {
        const res = await send('/api/auth/login', { username, password });
        expect([400, 401, 429]).toContain(res.statusCode);
      }),
      { numRuns: 50 },
    );
  });

  it('refreshAuth with an arbitrary query token', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (token) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/auth/refreshAuth?refresh_token=${encodeURIComponent(token)}`,
        });
        expect([400, 401]).toContain(res.statusCode);
      }),
      { numRuns: 50 },
    );
  });

  it('arbitrary raw bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/auth/login', '/api/auth/refreshAuth', '/api/auth/logout'),
        anyText,
        async (url, raw) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload: raw,
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 50 },
    );
  });
});
