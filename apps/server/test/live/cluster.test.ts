import { apiPath } from '@sos/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import { createTestApp, DB_KINDS, TEST_ENV, type TestContext } from '../helpers/app.js';
import { spawnServer, waitForUrl } from '../helpers/process.js';
import { listen, raiseSos } from './helpers.js';
import { openSse, type SseStream } from './sse-client.js';

// Several server processes share one PostgreSQL; the embedded database has one process.
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('live stream across server processes [postgres]', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherUrl: string;
  let hereUrl: string;
  const open: SseStream[] = [];
  const connect = async (at: string, token = ctx.admin.token) => {
    const stream = await openSse(at, ctx.bearer(token));
    open.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    // A second server with its own connections to the same database.
    other = await buildApp({ env: TEST_ENV, database: await openPostgres(ctx.databaseUrl!, 3) });
    otherUrl = await listen(other);
    hereUrl = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('an event raised through one server reaches the streams of the other', async () => {
    const here = await connect(hereUrl);
    const there = await connect(otherUrl);
    const ids = await raiseSos(ctx.app.db, 2, 1);
    for (const stream of [here, there]) {
      await stream.waitForEvents(2);
      expect(stream.events.map((e) => Number(e.id))).toEqual(ids);
    }
  });

  it('a client moving to the other server resumes where it stopped', async () => {
    const first = await connect(otherUrl);
    await raiseSos(ctx.app.db, 1, 10);
    await first.waitForEvents(1);
    first.close();
    const missed = await raiseSos(ctx.app.db, 2, 11);
    const moved = await openSse(hereUrl, {
      ...ctx.bearer(ctx.admin.token),
      'last-event-id': first.lastEventId!,
    });
    open.push(moved);
    await moved.waitForEvents(2);
    expect(moved.events.map((e) => Number(e.id))).toEqual(missed);
  });

  it('disconnectUser on one server ends that user’s streams on the other', async () => {
    const employee = await connect(otherUrl, ctx.employee.token);
    const admin = await connect(otherUrl);
    await ctx.app.live.disconnectUser(ctx.employee.id);
    await employee.waitForEnd();
    expect(admin.ended).toBe(false);
  });

  it('works with the real entry point in another OS process, and its shutdown', async () => {
    const server = spawnServer({
      DATABASE_URL: ctx.databaseUrl!,
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET!,
    });
    const { child } = server;
    try {
      const url = (await waitForUrl(server)) + apiPath('sosRealTime');
      const stream = await connect(url);
      const ids = await raiseSos(ctx.app.db, 1, 20);
      await stream.waitForEvents(1);
      expect(stream.events.map((e) => Number(e.id))).toEqual(ids);
      child.kill('SIGTERM');
      await stream.waitForEnd();
      expect(stream.retries.at(-1)).toBe(1000);
      expect(await server.exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
