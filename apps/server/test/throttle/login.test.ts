import { expect, it } from 'vitest';
import { errorResponseSchema } from '@sos/contract';
import { describeEachDb } from '../helpers/app.js';
import { retryAfter, send, type NetResponse } from '../helpers/net.js';
import { DEFAULT_THROTTLES, listeningApp } from './helpers.js';

/**
 * docs/security.md "Who is the client", played with real sockets: each 127.0.0.x is
 * another client (another office, another attacker) of the same server.
 */
describeEachDb('login throttling by (username, address) and by address', (kind) => {
  const t = listeningApp(kind, DEFAULT_THROTTLES);

  const login = (from: string, username: string, password: string) =>
    send(t.base, { path: '/api/auth/login', body: { username, password }, from });
  const failTimes = async (n: number, from: string, username: (i: number) => string) => {
    for (let i = 0; i < n; i++)
      expect((await login(from, username(i), 'wrong-password')).status).toBe(401);
  };
  const expectThrottled = (res: NetResponse) => {
    expect(res.status).toBe(429);
    expect(errorResponseSchema.parse(res.json()).code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(res)).toBeLessThanOrEqual(300);
  };

  it('an attacker guessing the admin password from one address does not lock the admin out of another', async () => {
    await failTimes(5, '127.0.0.2', () => 'admin');
    // The guessed pair is refused, the right password included, until the window passes...
    expectThrottled(await login('127.0.0.2', 'admin', 'admin-password'));
    // ...while the real administrator, elsewhere, signs in during the emergency.
    expect((await login('127.0.0.3', 'admin', 'admin-password')).status).toBe(200);
  });

  it('answers an unknown username exactly as a known one', async () => {
    await failTimes(5, '127.0.0.2', () => 'ghost-user');
    await failTimes(5, '127.0.0.2', () => 'employee');
    const ghost = await login('127.0.0.2', 'ghost-user', 'whatever');
    const known = await login('127.0.0.2', 'employee', 'whatever');
    for (const res of [ghost, known]) expectThrottled(res);
    // The same answer but for the seconds left, which depend on when each pair failed.
    const shape = (res: NetResponse) => ({
      ...res.json(),
      message: res.json().message?.replace(/\d+/, 'N'),
    });
    expect(shape(ghost)).toEqual(shape(known));
  });

  it('paces a password spray from one address to one login a second, and a colleague there still signs in', async () => {
    // 30 failures with as many usernames: no (username, address) pair reaches its limit.
    await failTimes(30, '127.0.0.4', (i) => `spray-${i}`);
    const started = performance.now();
    const answers = await Promise.all([
      login('127.0.0.4', 'spray-a', 'wrong-password'),
      login('127.0.0.4', 'spray-b', 'wrong-password'),
      login('127.0.0.4', 'employee', 'employee-password'),
    ]);
    const done = answers.map((res) => res.ms).sort((a, b) => a - b);
    // One at a time, a second apart: the k-th slot starts k + 1 seconds after they were sent
    // at the earliest. What follows a slot (a password verification) only adds to that, by a
    // few hundred ms more for one than for the next on a busy machine, so the lower bounds
    // are asserted, not the gaps between answers.
    expect(done[0]).toBeGreaterThanOrEqual(950);
    expect(done[1]).toBeGreaterThanOrEqual(1950);
    expect(done[2]).toBeGreaterThanOrEqual(2950);
    expect(answers.map((res) => res.status)).toEqual([401, 401, 200]);
    expect(performance.now() - started).toBeLessThan(10_000);
    // Another address is not slowed down: sent together with one more login of the paced
    // address, it is answered first (compared with each other, not with a clock, since
    // password hashing on a loaded machine may alone take most of a second).
    const [paced, elsewhere] = await Promise.all([
      login('127.0.0.4', 'spray-c', 'wrong-password'),
      login('127.0.0.5', 'employee', 'employee-password'),
    ]);
    expect(elsewhere.status).toBe(200);
    expect(paced.status).toBe(401);
    expect(paced.ms).toBeGreaterThanOrEqual(950);
    expect(elsewhere.ms).toBeLessThan(paced.ms);
  });
});
