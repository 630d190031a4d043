import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, type TestContext } from '../helpers/app.js';
import { buildLiveApp, listen, raiseSosElsewhere } from './helpers.js';
import { openSse } from './sse-client.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('live stream when the LISTEN connection is lost [postgres]', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const listeners = async () => {
    const result = await ctx.app.db.execute(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  };

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // No safety poll during the test: only the notifications can bring the events.
    app = await buildLiveApp(ctx.database, { pollMs: 3_600_000 });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  it('listens again, and delivers what was committed while it was deaf, in order', async () => {
    const stream = await openSse(await listen(app), ctx.bearer(ctx.admin.token));
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    const before = await listeners();
    expect(before).toBeGreaterThan(0);
    // What a database restart does to every listening connection.
    await ctx.app.db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`);
    const missed = await raiseSosElsewhere(ctx.app.db, 1, 1);
    await expect.poll(listeners, { timeout: 10_000 }).toBe(before);
    const next = await raiseSosElsewhere(ctx.app.db, 1, 2);
    await stream.waitForEvents(2);
    expect(stream.events.map((e) => Number(e.id))).toEqual([...missed, ...next]);
    stream.close();
  });
});
