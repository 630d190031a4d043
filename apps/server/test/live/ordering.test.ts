import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/db/schema.js';
import { OUTBOX_ORDER_LOCK } from '../../src/live/outbox.js';
import { createTestApp, DB_KINDS, type TestContext } from '../helpers/app.js';
import { buildLiveApp, listen, raiseSos, sampleSos } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

// Two transactions open at once need a pool: the embedded database runs one at a time.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('outbox order when writers commit out of id order [postgres]', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let url: string;
  const streams: SseStream[] = [];
  let commit = () => {};
  const open = async (headers: Record<string, string> = {}) => {
    const stream = await openSse(url, { ...ctx.bearer(ctx.admin.token), ...headers });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // No safety poll: only the wake-ups and the hub's settled reads move the streams.
    app = await buildLiveApp(ctx.database, { pollMs: 3_600_000 });
    url = await listen(app);
  });
  afterAll(async () => {
    commit(); // a failed test must not leave the slow writer, and the hub behind it, waiting
    streams.forEach((s) => s.close());
    await app?.close();
    await ctx?.close();
  });

  it('holds a bigger id until the smaller one, drawn first, commits; then sends both in order', async () => {
    commit(); // the slow writer of an attempt that timed out, before its retry
    const watching = await open();
    await watching.waitUntil(() => watching.lastEventId !== undefined, 'the resume position');
    const [before] = await raiseSos(ctx.app.db, 1, 1);
    await watching.waitForEvents(1);

    const held = new Promise<void>((resolve) => (commit = resolve));
    let slowId: number | undefined;
    // A writer that draws its id as appendEvent does (order lock shared, then the row), then
    // takes its time to commit; it does not even wake the hubs: only the table can tell.
    const slow = ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${OUTBOX_ORDER_LOCK})`);
      const [row] = await tx
        .insert(events)
        .values({ type: 'new-sos', data: JSON.stringify(sampleSos(2)) })
        .returning({ id: events.id });
      slowId = row!.id;
      await held;
    });
    await expect.poll(() => slowId).toBeDefined();
    // Committed first, with the bigger id. Not awaited: a hub's settled read already waiting
    // for the slow writer (e.g. a safety poll) queues this writer's lock behind it.
    const fast = raiseSos(ctx.app.db, 1, 3);

    // A client resuming now, after the last published event, must not skip the slow one either.
    // Not awaited: on a busy machine a wake-up of the hub may come late, after the slow writer
    // began, and the stream joins once that settled read, waiting for the writer, is done.
    const resumingOpened = open({ 'Last-Event-ID': String(before) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watching.events.map((e) => Number(e.id))).toEqual([before]);

    commit();
    await slow;
    const resuming = await resumingOpened;
    const [fastId] = await fast;
    expect(fastId).toBeGreaterThan(slowId!);
    await watching.waitForEvents(3);
    await resuming.waitForEvents(2);
    expect(watching.events.map((e) => Number(e.id))).toEqual([before, slowId, fastId]);
    expect(resuming.events.map((e) => Number(e.id))).toEqual([slowId, fastId]);
  });
});
