import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, pushKeyResponseSchema } from '@sos/contract';
import { pushSubscriptions } from '../../../src/db/schema.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const AUTH = Buffer.alloc(16, 9).toString('base64url');
const body = (endpoint: string, keys: Partial<{ p256dh: string; auth: string }> = {}) => ({
  endpoint,
  keys: { p256dh: P256DH, auth: AUTH, ...keys },
});

describeOnOneDb('push: key and subscriptions', (kind) => {
  let ctx: TestContext;
  let httpCtx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    httpCtx = await createTestApp(kind, { SOS_PUSH_ALLOW_HTTP: true });
  });
  afterAll(async () => {
    await ctx.close();
    await httpCtx.close();
  });

  const post = (payload: unknown, token = ctx.employee.token, on = ctx) =>
    on.app.inject({
      method: 'POST',
      url: apiPath('pushSubscriptions'),
      headers: on.bearer(token),
      payload: payload as object,
    });
  const remove = (endpoint: string, token: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `${apiPath('pushSubscriptions')}?endpoint=${encodeURIComponent(endpoint)}`,
      headers: ctx.bearer(token),
    });
  const owner = async (endpoint: string) =>
    (
      await ctx.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
    )[0]?.userId;

  it('gives every signed-in user the VAPID public key: a 65-byte uncompressed P-256 point, the same each time', async () => {
    const first = pushKeyResponseSchema.parse(
      (
        await ctx.app.inject({ url: apiPath('pushKey'), headers: ctx.bearer(ctx.employee.token) })
      ).json(),
    );
    const point = Buffer.from(first.publicKey, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
    expect(first.publicKey).not.toMatch(/[+/=]/);
    const again = (
      await ctx.app.inject({ url: apiPath('pushKey'), headers: ctx.bearer(ctx.admin.token) })
    ).json();
    expect(again).toEqual(first);
    expect((await ctx.app.inject({ url: apiPath('pushKey') })).statusCode).toBe(401);
  });

  it('stores a subscription (201), answers 200 for the same endpoint, which then belongs to the caller', async () => {
    const endpoint = 'https://push.example.net/send/abc';
    expect((await post(body(endpoint), ctx.admin.token)).statusCode).toBe(201);
    expect(await owner(endpoint)).toBe(ctx.admin.id);
    expect((await post(body(endpoint), ctx.admin.token)).statusCode).toBe(200);
    expect((await post(body(endpoint), ctx.employee.token)).statusCode).toBe(200);
    expect(await owner(endpoint)).toBe(ctx.employee.id);
  });

  it('deletes only the caller’s own subscription, and answers 204 for an unknown one', async () => {
    const endpoint = 'https://push.example.net/send/del';
    await post(body(endpoint), ctx.employee.token);
    expect((await remove(endpoint, ctx.admin.token)).statusCode).toBe(204);
    expect(await owner(endpoint)).toBe(ctx.employee.id);
    expect((await remove(endpoint, ctx.employee.token)).statusCode).toBe(204);
    expect(await owner(endpoint)).toBeUndefined();
    expect((await remove('https://push.example.net/never', ctx.employee.token)).statusCode).toBe(
      204,
    );
  });

  it('refuses anonymous calls', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: apiPath('pushSubscriptions'),
          payload: body('https://a.example/x'),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `${apiPath('pushSubscriptions')}?endpoint=x`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it.each([
    ['an http: endpoint', body('http://push.example.net/x'), 'body.endpoint'],
    [
      'an http: loopback endpoint without SOS_PUSH_ALLOW_HTTP',
      body('http://127.0.0.1:9/x'),
      'body.endpoint',
    ],
    ['no URL at all', body('push.example.net'), 'body.endpoint'],
    [
      'a p256dh of 64 bytes',
      body('https://a.example/x', { p256dh: Buffer.alloc(64, 4).toString('base64url') }),
      'body.keys.p256dh',
    ],
    [
      'a p256dh not starting 0x04',
      body('https://a.example/x', {
        p256dh: Buffer.concat([Buffer.from([3]), Buffer.alloc(64, 7)]).toString('base64url'),
      }),
      'body.keys.p256dh',
    ],
    [
      'an auth of 15 bytes',
      body('https://a.example/x', { auth: Buffer.alloc(15, 1).toString('base64url') }),
      'body.keys.auth',
    ],
    [
      'an auth that is not base64url',
      body('https://a.example/x', { auth: 'AAAAAAAAAAAAAAAAAAAA+/' }),
      'body.keys.auth',
    ],
    ['no keys', { endpoint: 'https://a.example/x' }, 'body.keys'],
  ])('answers 400 naming the field for %s', async (_what, payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json<{ message: string }>().message).toContain(field);
  });

  it('with SOS_PUSH_ALLOW_HTTP takes http: on loopback only', async () => {
    for (const endpoint of ['http://127.0.0.1:9/a', 'http://localhost:9/b', 'http://[::1]:9/c']) {
      expect((await post(body(endpoint), httpCtx.employee.token, httpCtx)).statusCode).toBe(201);
    }
    const res = await post(body('http://push.example.net/d'), httpCtx.employee.token, httpCtx);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.endpoint');
  });
});
