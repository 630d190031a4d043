import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { resyncEventSchema } from '@sos/contract';
import { buildApp } from '../../../src/app.js';
import { createTestApp, describeEachDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { listen, raiseSos } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';

describeEachDb('GET /api/sos/realTime: replay with Last-Event-ID', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  const apps: FastifyInstance[] = [];
  const connect = async (headers: Record<string, string> = {}, at = url) => {
    const stream = await openSse(at, { ...ctx.bearer(ctx.employee.token), ...headers });
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  /** A second server on the same database: its memory holds nothing of the past. */
  const secondServer = async (env: Partial<typeof TEST_ENV> = {}) => {
    const app = await buildApp({
      env: { ...TEST_ENV, ...env },
      database: ctx.database,
      closeDatabase: false,
    });
    apps.push(app);
    return { app, url: await listen(app) };
  };
  const ids = (stream: SseStream) => stream.events.map((e) => Number(e.id));

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    url = await listen(ctx.app);
  });
  afterEach(async () => {
    open.splice(0).forEach((s) => s.close());
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });
  afterAll(async () => ctx.close());

  it('replays what a client missed, in order and once, then goes on live', async () => {
    const first = await connect();
    const [before] = await raiseSos(ctx.app.db, 1, 1);
    await first.waitForEvents(1);
    first.close();
    const missed = await raiseSos(ctx.app.db, 3, 2);

    const again = await connect({ 'last-event-id': first.lastEventId! });
    await again.waitForEvents(3);
    const [live] = await raiseSos(ctx.app.db, 1, 5);
    await again.waitForEvents(4);
    expect(ids(again)).toEqual([...missed, live]);
    expect(before).toBeLessThan(missed[0]!);
    expect(again.events.map((e) => e.event)).toEqual(['new-sos', 'new-sos', 'new-sos', 'new-sos']);
    expect(ctx.app.live.stats().replaysFromMemory).toBeGreaterThan(0);
  });

  it('gives a new client its position, so that it misses nothing while away', async () => {
    const first = await connect();
    await first.waitUntil(() => first.lastEventId !== undefined, 'the resume position');
    first.close();
    const missed = await raiseSos(ctx.app.db, 2, 10);
    const again = await connect({ 'last-event-id': first.lastEventId! });
    await again.waitForEvents(2);
    expect(ids(again)).toEqual(missed);
  });

  it('accepts the position as ?lastEventId= when the header cannot be sent', async () => {
    const [from] = await raiseSos(ctx.app.db, 1, 20);
    const missed = await raiseSos(ctx.app.db, 2, 21);
    const stream = await connect({}, `${url}?lastEventId=${from}`);
    await stream.waitForEvents(2);
    expect(ids(stream)).toEqual(missed);
  });

  it('replays from the database on a server that did not see the events', async () => {
    const [from] = await raiseSos(ctx.app.db, 1, 30);
    const missed = await raiseSos(ctx.app.db, 3, 31);
    const other = await secondServer();
    const stream = await connect({ 'last-event-id': String(from) }, other.url);
    await stream.waitForEvents(3);
    const [live] = await raiseSos(ctx.app.db, 1, 34);
    await stream.waitForEvents(4);
    expect(ids(stream)).toEqual([...missed, live]);
    expect(other.app.live.stats().replaysFromDatabase).toBe(1);
  });

  it('sends resync when the client is older than the kept events', async () => {
    const [from] = await raiseSos(ctx.app.db, 1, 40);
    const raised = await raiseSos(ctx.app.db, 5, 41);
    // A server keeping 2 events prunes at start.
    const other = await secondServer({ SOS_EVENT_RETENTION: 2 });
    const stream = await connect({ 'last-event-id': String(from) }, other.url);
    const [resync] = await stream.waitForEvents(1);
    expect(resync!.event).toBe('resync');
    expect(resyncEventSchema.parse(JSON.parse(resync!.data)).reason).toBe('events-pruned');
    // It carries the current position: the next events follow it, none older.
    const [live] = await raiseSos(ctx.app.db, 1, 46);
    await stream.waitForEvents(2);
    expect(ids(stream)).toEqual([raised.at(-1), live]);
  });

  it.each([['not-a-number'], ['-5'], ['1.5'], ['99999999999999999999']])(
    'sends resync for an unusable Last-Event-ID (%s)',
    async (value) => {
      const stream = await connect({ 'last-event-id': value });
      const [resync] = await stream.waitForEvents(1);
      expect(resync!.event).toBe('resync');
      expect(JSON.parse(resync!.data)).toEqual({ reason: 'invalid-last-event-id' });
    },
  );

  it('sends resync for an id newer than any event (the database was replaced)', async () => {
    const other = await secondServer();
    const stream = await connect({ 'last-event-id': '123456789' }, other.url);
    const [resync] = await stream.waitForEvents(1);
    expect(JSON.parse(resync!.data)).toEqual({ reason: 'unknown-last-event-id' });
  });

  it('never fails on an arbitrary ?lastEventId=', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (value) => {
        const stream = await openSse(
          `${url}?lastEventId=${encodeURIComponent(value)}`,
          ctx.bearer(ctx.admin.token),
        );
        stream.close();
        expect([200, 400]).toContain(stream.status);
      }),
      { numRuns: 25 },
    );
  });
});
