import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { deviceDeletedEventSchema, LIVE_EVENTS, sosSchema } from '@sos/contract';
import { appendEvent } from '../../../src/live/outbox.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { append, listen, raiseSos, sampleSos } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';

describeEachDb('GET /api/sos/realTime: live delivery', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  const connect = async (token: string) => {
    const stream = await openSse(url, ctx.bearer(token));
    open.push(stream);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    url = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  it('delivers an event to every open stream with its id, name and JSON data', async () => {
    const streams = [
      await connect(ctx.admin.token),
      await connect(ctx.employee.token),
      await connect(ctx.admin.token),
    ];
    const [id] = await append(ctx.app.db, [LIVE_EVENTS.newSos, sampleSos(7)]);
    for (const stream of streams) {
      const [event] = await stream.waitForEvents(1);
      expect(event).toMatchObject({ id: String(id), event: 'new-sos' });
      expect(sosSchema.parse(JSON.parse(event!.data))).toEqual(sampleSos(7));
    }
  });

  it('delivers the events of one transaction in order, and nothing of a rolled-back one', async () => {
    const stream = await connect(ctx.employee.token);
    await ctx.app.db
      .transaction(async (tx) => {
        await appendEvent(tx, LIVE_EVENTS.newSos, sampleSos(99));
        throw new Error('rolled back');
      })
      .catch(() => {});
    const ids = await append(
      ctx.app.db,
      [LIVE_EVENTS.sosClosed, { ...sampleSos(8), state: 'CLOSED' as const }],
      [LIVE_EVENTS.deviceDeleted, { id: 1008 }],
    );
    const events = await stream.waitForEvents(2);
    expect(events.map((e) => [e.id, e.event])).toEqual([
      [String(ids[0]), 'new-sos-closed'],
      [String(ids[1]), 'device-deleted'],
    ]);
    expect(deviceDeletedEventSchema.parse(JSON.parse(events[1]!.data))).toEqual({ id: 1008 });
    await raiseSos(ctx.app.db, 1, 9);
    await stream.waitForEvents(3);
    expect(stream.events.map((e) => JSON.parse(e.data).id)).not.toContain(99);
  });

  it('delivers an event bigger than a NOTIFY payload may be', async () => {
    const stream = await connect(ctx.admin.token);
    const big = sampleSos(10, 'x'.repeat(9000));
    const [id] = await append(ctx.app.db, [LIVE_EVENTS.newSos, big]);
    const [small] = await raiseSos(ctx.app.db, 1, 11);
    const events = await stream.waitForEvents(2);
    expect(events.map((e) => e.id)).toEqual([String(id), String(small)]);
    expect(sosSchema.parse(JSON.parse(events[0]!.data))).toEqual(big);
  });

  it('loses and repeats nothing under concurrent writers, across a reconnection', async () => {
    const steady = await connect(ctx.admin.token);
    const moving = await connect(ctx.employee.token);
    const writers = Array.from({ length: 40 }, (_, i) => raiseSos(ctx.app.db, 1, 100 + i));
    await moving.waitForEvents(10);
    moving.close();
    const resumed = await openSse(url, {
      ...ctx.bearer(ctx.employee.token),
      'last-event-id': moving.lastEventId!,
    });
    open.push(resumed);
    const all = (await Promise.all(writers)).flat().sort((a, b) => a - b);
    await steady.waitForEvents(40);
    // Ids arrive in increasing order: an id never shows up after a bigger one.
    expect(steady.events.map((e) => Number(e.id))).toEqual(all);
    const seen = moving.events.map((e) => Number(e.id));
    await resumed.waitUntil(() => seen.length + resumed.events.length >= 40, 'every event once');
    expect([...seen, ...resumed.events.map((e) => Number(e.id))]).toEqual(all);
  });

  it('counts streams, published events and delivered frames', async () => {
    const before = ctx.app.live.stats();
    const streams = [await connect(ctx.admin.token), await connect(ctx.employee.token)];
    expect(ctx.app.live.streamCount()).toBe(2);
    await raiseSos(ctx.app.db, 1, 12);
    await Promise.all(streams.map((s) => s.waitForEvents(1)));
    const after = ctx.app.live.stats();
    expect(after.streamsOpen).toBe(2);
    expect(after.eventsPublished - before.eventsPublished).toBe(1);
    expect(after.framesDelivered - before.framesDelivered).toBe(2);
    streams.forEach((s) => s.close());
    // The server notices the disconnection and forgets the streams.
    await expect.poll(() => ctx.app.live.streamCount()).toBe(0);
  });
});
