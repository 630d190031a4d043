import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import { roomInWindow } from '../../../throttle/helpers.js';
import { deviceHeaders, heartbeat, raiseSos, register } from '../fixtures.js';

describeOnOneDb('device API rate limit', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // 3 calls per minute per device and route; the general limit of 2 must not apply.
    ctx = await createTestApp(kind, { SOS_DEVICE_RATE_LIMIT: 3, SOS_RATE_LIMIT: 2 });
  });
  afterAll(async () => ctx.close());

  // The device counted to its limit; a serial per attempt, so a retry starts from zero.
  let limitedSerial = '';

  it('answers 429 RATE_LIMITED with Retry-After once a device exceeds its limit', async () => {
    // The four calls must fall in one fixed window of a minute (they restart at its start).
    await roomInWindow(10_000);
    limitedSerial = `rl-a-${Date.now()}`;
    expect((await register(ctx, limitedSerial)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) expect((await heartbeat(ctx, limitedSerial)).statusCode).toBe(204);
    const limited = await heartbeat(ctx, limitedSerial);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }, 20_000);

  it("counts each device on its own: another device's calls still pass", async () => {
    expect((await register(ctx, 'rl-b')).statusCode).toBe(201);
    expect((await heartbeat(ctx, 'rl-b')).statusCode).toBe(204);
  });

  it('never lets heartbeats use up the SOS call of the same device', async () => {
    expect((await raiseSos(ctx, limitedSerial)).statusCode).toBe(201);
  });

  it('never limits the SOS call, per device or per address (docs/security.md)', async () => {
    const serials = ['rl-c', 'rl-d', 'rl-e'];
    for (const serial of serials) await register(ctx, serial);
    // Six SOS calls from one address pass the general limit of 2...
    for (const serial of serials) {
      expect((await raiseSos(ctx, serial)).statusCode).toBe(201);
      expect((await raiseSos(ctx, serial)).statusCode).toBe(200);
    }
    // ...and one device repeating its SOS well past its limit of 3 gets its open SOS.
    for (let i = 0; i < 5; i++) expect((await raiseSos(ctx, 'rl-c')).statusCode).toBe(200);
    // Whatever spelling of the path reaches the route.
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/device/sos/',
        headers: deviceHeaders(ctx),
        payload: { serial: 'rl-c' },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
