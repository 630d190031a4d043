import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { events } from '../../src/db/schema.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { buildLiveApp, listen, raiseSos, sampleSos } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

describeEachDb('live hub timers', (kind) => {
  let ctx: TestContext;
  const open: SseStream[] = [];
  const apps: FastifyInstance[] = [];
  /** A server whose keep-alive, safety poll and pruning run every few milliseconds. */
  const fastServer = async (options: Parameters<typeof buildLiveApp>[1]) => {
    const app = await buildLiveApp(ctx.database, options);
    apps.push(app);
    const stream = await openSse(await listen(app), ctx.bearer(ctx.admin.token));
    open.push(stream);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return { app, stream };
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterEach(async () => {
    open.splice(0).forEach((s) => s.close());
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => ctx.close());

  it('sends a keep-alive comment on idle streams', async () => {
    const { stream } = await fastServer({ keepAliveMs: 50 });
    await stream.waitUntil(() => stream.comments.includes('keep-alive'), 'a keep-alive comment');
    expect(stream.events).toEqual([]);
  });

  it('delivers an event whose notification was lost, through the safety poll', async () => {
    const { stream } = await fastServer({ pollMs: 50 });
    // Written without NOTIFY, as if the LISTEN connection had dropped it.
    const [row] = await ctx.app.db
      .insert(events)
      .values({ type: 'new-sos', data: JSON.stringify(sampleSos(1)) })
      .returning({ id: events.id });
    const [event] = await stream.waitForEvents(1);
    expect(event).toMatchObject({ id: String(row!.id), event: 'new-sos' });
  });

  it('never sends an event twice when the poll and the notification both bring it', async () => {
    const { stream } = await fastServer({ pollMs: 1 });
    const ids = await raiseSos(ctx.app.db, 6, 10);
    await stream.waitForEvents(6);
    await raiseSos(ctx.app.db, 1, 20);
    await stream.waitForEvents(7);
    expect(stream.events.slice(0, 6).map((e) => Number(e.id))).toEqual(ids);
    expect(new Set(stream.events.map((e) => e.id)).size).toBe(7);
  });

  it('keeps only the newest events of the outbox', async () => {
    await raiseSos(ctx.app.db, 4, 30);
    const kept = async () => (await ctx.app.db.select({ n: count() }).from(events))[0]!.n;
    await fastServer({ retention: 3, pruneMs: 20 });
    await expect.poll(kept).toBe(3);
    await raiseSos(ctx.app.db, 2, 40);
    await expect.poll(kept).toBe(3);
    // app.live.prune() is the same pruning, on demand: nothing left to delete.
    expect(await apps[0]!.live.prune()).toBe(0);
  });
});
