import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { apiPath, errorResponseSchema } from '@sos/contract';
import { describeEachDb } from '../helpers/app.js';
import { retryAfter, send } from '../helpers/net.js';
import { badTokens } from '../helpers/tokens.js';
import { DEFAULT_THROTTLES, listeningApp } from './helpers.js';

/** docs/security.md "Who is the client": unverifiable bearer tokens are counted per address. */
describeEachDb('forged bearer tokens', (kind) => {
  const t = listeningApp(kind, DEFAULT_THROTTLES);

  const getAll = (from: string, token: string) =>
    send(t.base, {
      path: apiPath('deviceGetAll'),
      from,
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses forged tokens beyond 100 a minute from one address with 429, and valid tokens still pass', async () => {
    const { forged } = await badTokens(t.ctx.admin.id);
    for (let i = 0; i < 100; i++) {
      // Random strings and a badly signed JWT alike.
      const res = await getAll(
        '127.0.0.50',
        i % 2 ? forged! : randomBytes(30).toString('base64url'),
      );
      expect(res.status).toBe(401);
    }
    const refused = await getAll('127.0.0.50', forged!);
    expect(refused.status).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).code).toBe('RATE_LIMITED');
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    // The live stream is guarded alike.
    const stream = await send(t.base, {
      path: apiPath('sosRealTime'),
      from: '127.0.0.50',
      headers: { authorization: 'Bearer forged' },
    });
    expect(stream.status).toBe(429);
    // The real operator behind that address is never refused for it.
    expect((await getAll('127.0.0.50', t.ctx.admin.token)).status).toBe(200);
    // Nor is another address.
    expect((await getAll('127.0.0.51', forged!)).status).toBe(401);
  });

  it('does not count expired tokens', async () => {
    const { expired } = await badTokens(t.ctx.admin.id);
    for (let i = 0; i < 110; i++) {
      const res = await getAll('127.0.0.52', expired!);
      expect(res.status).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    }
  });
});
