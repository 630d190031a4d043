import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import {
  createTestApp,
  describeEachDb,
  openTestDatabase,
  TEST_ENV,
  type TestContext,
} from '../../helpers/app.js';

describeEachDb('health probes', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A tiny API rate limit: the probes must not count against it.
    ctx = await createTestApp(kind, { SOS_RATE_LIMIT: 2 });
  });
  afterAll(async () => ctx.close());

  it('/healthz says ok while the process runs, never rate limited', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('answers under /api too (a proxy of the API only, like the console dev server, reaches it)', async () => {
    const alive = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz is ready when the database answers', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('/readyz answers 503 when the database does not, /healthz still 200', async () => {
    const { database, drop } = await openTestDatabase(kind);
    const app = await buildApp({ env: TEST_ENV, database, closeDatabase: false });
    try {
      await app.ready();
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        reason: 'the database does not answer',
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
      await drop();
    }
  });
});
