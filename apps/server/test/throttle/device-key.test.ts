import { expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, errorResponseSchema } from '@sos/contract';
import { describeEachDb } from '../helpers/app.js';
import { retryAfter, send } from '../helpers/net.js';
import { DEFAULT_THROTTLES, listeningApp } from './helpers.js';

/** docs/security.md "Who is the client": wrong keys are counted per address, right keys never refused. */
describeEachDb('device API key guessing', (kind) => {
  // A per-serial limit of 3: it must never hold back an SOS sent with the right key.
  const t = listeningApp(kind, { ...DEFAULT_THROTTLES, SOS_DEVICE_RATE_LIMIT: 3 });

  const device = (
    from: string,
    key: string,
    name: 'deviceSos' | 'deviceRegister' | 'deviceHeartbeat',
    serial: string,
  ) =>
    send(t.base, {
      path: apiPath(name),
      from,
      headers: { [API_KEY_HEADER]: key },
      body: name === 'deviceRegister' ? { serial, displayName: serial } : { serial },
    });

  it('answers wrong keys beyond 20 a minute with 429, one a second, while the right key still passes from there', async () => {
    expect((await device('127.0.0.40', t.ctx.apiKey, 'deviceRegister', 'kg-1')).status).toBe(201);
    for (let i = 0; i < 20; i++) {
      const res = await device('127.0.0.40', `guess-${i}`, 'deviceSos', 'kg-1');
      expect(res.status).toBe(401);
      expect(res.json().code).toBe('INVALID_API_KEY');
    }
    const guesses = await Promise.all(
      [0, 1, 2].map((i) => device('127.0.0.40', `guess-more-${i}`, 'deviceSos', 'kg-1')),
    );
    for (const res of guesses) {
      expect(res.status).toBe(429);
      expect(errorResponseSchema.parse(res.json()).code).toBe('RATE_LIMITED');
      expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
    }
    const times = guesses.map((res) => res.ms).sort((a, b) => a - b);
    expect(times[0]).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(1800);
    // Meanwhile the real device behind the same address raises its SOS at once.
    const sos = await device('127.0.0.40', t.ctx.apiKey, 'deviceSos', 'kg-1');
    expect(sos.status).toBe(201);
    expect(sos.ms).toBeLessThan(900);
    expect((await device('127.0.0.40', t.ctx.apiKey, 'deviceHeartbeat', 'kg-1')).status).toBe(204);
    // Another address guessing is counted on its own.
    expect((await device('127.0.0.41', 'guess-x', 'deviceSos', 'kg-1')).status).toBe(401);
  });

  it('counts a missing key as a wrong one', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await send(t.base, {
        path: apiPath('deviceSos'),
        from: '127.0.0.42',
        body: { serial: 'x' },
      });
      expect(res.status).toBe(401);
    }
    const res = await send(t.base, {
      path: apiPath('deviceSos'),
      from: '127.0.0.42',
      body: { serial: 'x' },
    });
    expect(res.status).toBe(429);
  });

  it('never rate limits an SOS sent with the right key: repeats answer the open SOS', async () => {
    expect((await device('127.0.0.43', t.ctx.apiKey, 'deviceRegister', 'kg-2')).status).toBe(201);
    const first = await device('127.0.0.43', t.ctx.apiKey, 'deviceSos', 'kg-2');
    expect(first.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const again = await device('127.0.0.43', t.ctx.apiKey, 'deviceSos', 'kg-2');
      expect(again.status).toBe(200);
      expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    }
  });

  it('keeps the per-serial limit on the other device calls', async () => {
    expect((await device('127.0.0.44', t.ctx.apiKey, 'deviceRegister', 'kg-3')).status).toBe(201);
    const beats = [];
    for (let i = 0; i < 4; i++)
      beats.push((await device('127.0.0.44', t.ctx.apiKey, 'deviceHeartbeat', 'kg-3')).status);
    expect(beats).toEqual([204, 204, 204, 429]);
  });
});
