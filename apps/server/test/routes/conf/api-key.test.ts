import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { API_KEY_HEADER, apiKeyResponseSchema, errorResponseSchema } from '@sos/contract';
import { eq } from 'drizzle-orm';
import { settings } from '../../../src/db/schema.js';
import { SETTING_KEYS } from '../../../src/db/settings.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';

describeOnOneDb('GET and POST /api/conf/apiKey', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A device-API probe: shows which key the device-auth hook accepts right now.
    ctx = await createTestApp(kind, {}, (app) => {
      app.post('/device-probe', { onRequest: [app.deviceAuth] }, async () => ({ ok: true }));
    });
  });
  afterAll(async () => ctx.close());

  const get = (token?: string): InjectOptions => ({
    method: 'GET',
    url: '/api/conf/apiKey',
    ...(token ? { headers: ctx.bearer(token) } : {}),
  });
  const set = (apiKey: unknown, token?: string): InjectOptions => ({
    method: 'POST',
    url: '/api/conf/apiKey',
    payload: { apiKey },
    ...(token ? { headers: ctx.bearer(token) } : {}),
  });
  const deviceCall = (key: string) =>
    ctx.app.inject({ method: 'POST', url: '/device-probe', headers: { [API_KEY_HEADER]: key } });

  it('answers the current key to a super administrator', async () => {
    const res = await ctx.app.inject(get(ctx.admin.token));
    expect(res.statusCode).toBe(200);
    expect(apiKeyResponseSchema.parse(res.json())).toEqual({ apiKey: ctx.apiKey });
  });

  it('changes the key (trimmed): the old key is refused at once, the new one accepted', async () => {
    const oldKey = (await ctx.app.inject(get(ctx.admin.token))).json().apiKey as string;
    expect((await deviceCall(oldKey)).statusCode).toBe(200);
    const res = await ctx.app.inject(set('  fresh-key-1  ', ctx.admin.token));
    expect(res.statusCode).toBe(200);
    expect(apiKeyResponseSchema.parse(res.json())).toEqual({ apiKey: 'fresh-key-1' });
    expect((await ctx.app.inject(get(ctx.admin.token))).json()).toEqual({ apiKey: 'fresh-key-1' });
    const refused = await deviceCall(oldKey);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_API_KEY');
    expect((await deviceCall('fresh-key-1')).statusCode).toBe(200);
  });

  it('accepts a key of exactly 4 characters', async () => {
    expect((await ctx.app.inject(set('abcd', ctx.admin.token))).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'abc'],
    ['too short once trimmed', '  abc  '],
    ['empty', ''],
    ['too long', 'k'.repeat(201)],
    ['a number', 12345],
    ['null', null],
    ['non-ASCII', 'chiave-è-segreta'],
    ['a control character', 'key\u0007key'],
  ])(
    'answers 400 VALIDATION_ERROR naming body.apiKey for a key %s, and keeps the old one',
    async (_name, apiKey) => {
      const before = (await ctx.app.inject(get(ctx.admin.token))).json();
      const res = await ctx.app.inject(set(apiKey, ctx.admin.token));
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toContain('body.apiKey');
      expect((await ctx.app.inject(get(ctx.admin.token))).json()).toEqual(before);
    },
  );

  it('answers 400 for malformed JSON and a missing field', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/conf/apiKey',
      headers: { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' },
      payload: '{"apiKey":',
    });
    expect(malformed.statusCode).toBe(400);
    const missing = await ctx.app.inject({ ...set('x', ctx.admin.token), payload: {} });
    expect(missing.json().message).toContain('body.apiKey');
  });

  it.each([
    ['GET', () => get()],
    ['POST', () => set('anonymous-key')],
  ])('%s: anonymous → 401, EMPLOYEE → 403, bad tokens → 401', async (_method, request) => {
    expect((await ctx.app.inject(request())).statusCode).toBe(401);
    const asEmployee = await ctx.app.inject({
      ...request(),
      headers: ctx.bearer(ctx.employee.token),
    });
    expect(asEmployee.statusCode).toBe(403);
    expect(asEmployee.json().code).toBe('FORBIDDEN');
    const tokens = await badTokens(ctx.admin.id);
    for (const name of BAD_TOKEN_NAMES) {
      const res = await ctx.app.inject({ ...request(), headers: ctx.bearer(tokens[name]!) });
      expect(res.statusCode, name).toBe(401);
    }
    // None of them changed the key.
    expect((await ctx.app.inject(get(ctx.admin.token))).json().apiKey).not.toBe('anonymous-key');
  });

  it('answers 404 NOT_FOUND while no key is configured', async () => {
    await ctx.database.db.delete(settings).where(eq(settings.key, SETTING_KEYS.apiKey));
    const res = await ctx.app.inject(get(ctx.admin.token));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await ctx.app.inject(set('back-again', ctx.admin.token))).statusCode).toBe(200);
  });

  it('never answers 5xx, whatever the body', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({
        apiKey: fc.oneof(
          fc.string(),
          fc.string({ minLength: 150, maxLength: 5000 }),
          fc.jsonValue(),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/conf/apiKey',
          headers: { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });
});
