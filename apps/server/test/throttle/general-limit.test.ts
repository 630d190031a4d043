import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { apiPath, errorResponseSchema } from '@sos/contract';
import { buildApp } from '../../src/app.js';
import { describeEachDb, TEST_ENV } from '../helpers/app.js';
import { listenOnLoopback, retryAfter, send, type NetResponse } from '../helpers/net.js';
import { listeningApp, roomInWindow } from './helpers.js';

const LIMIT = 30;
const randomToken = () => randomBytes(24).toString('base64url');
const randomIp = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

const expectRateLimited = (res: NetResponse) => {
  expect(res.status).toBe(429);
  expect(errorResponseSchema.parse(res.json()).code).toBe('RATE_LIMITED');
  expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
};

/** docs/security.md: the general limit keys on the address or the verified user, never on what a client claims. */
describeEachDb('general rate limit (SOS_RATE_LIMIT)', (kind) => {
  const t = listeningApp(kind, { SOS_RATE_LIMIT: LIMIT });
  // Each test counts up to the limit in one fixed window of a minute.
  beforeEach(() => roomInWindow(10_000), 20_000);

  const getAll = (from: string, headers: Record<string, string>) =>
    send(t.base, { path: apiPath('deviceGetAll'), headers, from });
  const burst = async (n: number, call: () => Promise<NetResponse>) => {
    const answers: NetResponse[] = [];
    for (let i = 0; i < n; i++) answers.push(await call());
    return answers;
  };

  it('is not escaped by sending a new random bearer string each time (it runs before authentication)', async () => {
    const answers = await burst(LIMIT + 5, () =>
      getAll('127.0.0.20', { authorization: `Bearer ${randomToken()}` }),
    );
    expect(answers.slice(0, LIMIT).every((res) => res.status === 401)).toBe(true);
    for (const res of answers.slice(LIMIT)) expectRateLimited(res);
  });

  it('is not escaped by a rotating X-Forwarded-For from a client that is no proxy', async () => {
    const answers = await burst(LIMIT + 5, () =>
      getAll('127.0.0.21', { 'x-forwarded-for': randomIp() }),
    );
    for (const res of answers.slice(LIMIT)) expectRateLimited(res);
  });

  it('counts each signed-in operator on his own: a whole office behind one address keeps working', async () => {
    const admin = await burst(LIMIT - 5, () =>
      getAll('127.0.0.22', t.ctx.bearer(t.ctx.admin.token)),
    );
    const employee = await burst(LIMIT - 5, () =>
      getAll('127.0.0.22', t.ctx.bearer(t.ctx.employee.token)),
    );
    expect([...admin, ...employee].every((res) => res.status === 200)).toBe(true);
    const more = await burst(10, () => getAll('127.0.0.22', t.ctx.bearer(t.ctx.admin.token)));
    expectRateLimited(more.at(-1)!);
  });

  it('counts across server processes: the counters are in the database', async () => {
    const other = await buildApp({
      env: { ...TEST_ENV, SOS_RATE_LIMIT: LIMIT },
      database: t.ctx.database,
      closeDatabase: false,
    });
    try {
      const otherBase = await listenOnLoopback(other);
      await roomInWindow(20_000);
      const here = await burst(LIMIT - 5, () => getAll('127.0.0.23', {}));
      expect(here.every((res) => res.status === 401)).toBe(true);
      // What one process counted reaches the others within a moment.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const there = await burst(10, () =>
        send(otherBase, { path: apiPath('deviceGetAll'), from: '127.0.0.23' }),
      );
      expectRateLimited(there.at(-1)!);
    } finally {
      await other.close();
    }
  }, 60_000); // it may first wait up to 20 s for a fresh window
});

describeEachDb('client address behind a trusted proxy (SOS_TRUST_PROXY)', (kind) => {
  const t = listeningApp(kind, { SOS_RATE_LIMIT: LIMIT, SOS_TRUST_PROXY: ['127.0.0.30/32'] });
  beforeEach(() => roomInWindow(10_000), 20_000);

  const viaProxy = (client: string) =>
    send(t.base, {
      path: apiPath('deviceGetAll'),
      from: '127.0.0.30',
      headers: { 'x-forwarded-for': client },
    });

  it("believes the trusted proxy's X-Forwarded-For: each client behind it has its own count", async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await viaProxy('198.51.100.1')).status).toBe(401);
      expect((await viaProxy('198.51.100.2')).status).toBe(401);
    }
    expectRateLimited(await viaProxy('198.51.100.1'));
  });

  it('ignores X-Forwarded-For from any other peer', async () => {
    for (let i = 0; i < LIMIT; i++) {
      await send(t.base, {
        path: apiPath('deviceGetAll'),
        from: '127.0.0.31',
        headers: { 'x-forwarded-for': randomIp() },
      });
    }
    expectRateLimited(
      await send(t.base, {
        path: apiPath('deviceGetAll'),
        from: '127.0.0.31',
        headers: { 'x-forwarded-for': randomIp() },
      }),
    );
  });
});
