import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { apiPath, deviceListSchema, sosSchema } from '@sos/contract';
import { events } from '../../../src/db/schema.js';
import { readAfterSettledHead, readSettledHead } from '../../../src/live/store.js';
import { readDeviceSnapshot } from '../../../src/devices/snapshot.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { listenOnLoopback } from '../../helpers/net.js';
import { openSse, type SseStream } from '../../live/sse-client.js';
import { lastEventId, raiseSos, register } from './fixtures.js';
import { listDevicesMapped } from './mapped-list.js';

/** docs/security.md "Never miss an SOS": the list says which event it includes. */
describeEachDb('GET /api/device/getAll and X-Last-Event-Id', (kind) => {
  let ctx: TestContext;
  let base: string;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    base = await listenOnLoopback(ctx.app);
  });
  afterEach(() => streams.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  const getAll = (headers: Record<string, string> = {}) =>
    ctx.app.inject({
      url: apiPath('deviceGetAll'),
      headers: { ...ctx.bearer(ctx.admin.token), ...headers },
    });
  const headerId = (res: { headers: Record<string, unknown> }) => {
    const value = res.headers['x-last-event-id'];
    expect(value).toMatch(/^\d+$/);
    return Number(value);
  };
  const includedIds = (res: { headers: Record<string, unknown> }) => {
    const value = String(res.headers['x-included-event-ids'] ?? '');
    expect(value).toMatch(/^(\d+(,\d+)*)?$/);
    return value ? value.split(',').map(Number) : [];
  };

  it('names the newest event the list includes', async () => {
    await register(ctx, 'lei-1');
    expect(headerId(await getAll())).toBe(await lastEventId(ctx));
    await raiseSos(ctx, 'lei-1');
    expect(headerId(await getAll())).toBe(await lastEventId(ctx));
  });

  it('lets a console that opens its stream with that id receive an SOS raised in between', async () => {
    await register(ctx, 'lei-2');
    const listed = await getAll();
    const raised = sosSchema.parse((await raiseSos(ctx, 'lei-2')).json());
    const stream = await openSse(base + apiPath('sosRealTime'), {
      ...ctx.bearer(ctx.admin.token),
      'last-event-id': String(headerId(listed)),
    });
    streams.push(stream);
    await stream.waitUntil(
      () =>
        stream.events.some(
          (e) => e.event === 'new-sos' && sosSchema.parse(JSON.parse(e.data)).id === raised.id,
        ),
      'the SOS raised between the list and the stream',
    );
  });

  it('is consistent with the list under concurrent raises: every SOS is listed or replayed, once', async () => {
    for (let round = 0; round < 25; round++) {
      const serial = `lei-race-${round}`;
      await register(ctx, serial);
      const before = await lastEventId(ctx);
      const [listed, raised] = await Promise.all([getAll(), raiseSos(ctx, serial)]);
      const sos = sosSchema.parse(raised.json());
      const id = headerId(listed);
      const included = includedIds(listed);
      const [event] = await ctx.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(gt(events.id, before), eq(events.type, 'new-sos')));
      const eventId = event!.id;
      const inList = deviceListSchema.parse(listed.json()).some((d) => d.lastSos?.id === sos.id);
      // Included in the list exactly when its event is at or before the id, or named as
      // included: never in neither (lost), never in both (a replay not skipped).
      expect(inList).toBe(eventId <= id || included.includes(eventId));
      expect(included.every((included) => included > id)).toBe(true);
    }
  });

  it('names an event both in the list and replayed after the id (committed between the head and the read)', async () => {
    await register(ctx, 'lei-overlap');
    let raisedId = 0;
    const { head, included, value } = await readAfterSettledHead(
      ctx.database.db,
      (tx) => listDevicesMapped(tx),
      async (db) => {
        const settled = await readSettledHead(db);
        raisedId = sosSchema.parse((await raiseSos(ctx, 'lei-overlap')).json()).id;
        return settled;
      },
    );
    // The list shows the SOS raised after the head...
    expect(value.find((d) => d.serial === 'lei-overlap')?.lastSos?.id).toBe(raisedId);
    const [event] = await ctx.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(gt(events.id, head), eq(events.type, 'new-sos')));
    // ...so its event is named as included,
    expect(included).toEqual([event!.id]);
    // and the stream resumed from the head replays it: the console skips it by that name.
    const stream = await openSse(base + apiPath('sosRealTime'), {
      ...ctx.bearer(ctx.admin.token),
      'last-event-id': String(head),
    });
    streams.push(stream);
    await stream.waitUntil(
      () => stream.events.some((e) => e.event === 'new-sos' && e.id === String(event!.id)),
      'the included event, replayed',
    );
  });

  it('reads again under the lock, naming none, when too many events committed during the read', async () => {
    for (const serial of ['lei-many-1', 'lei-many-2', 'lei-many-3']) await register(ctx, serial);
    const raised: number[] = [];
    const snapshot = await readDeviceSnapshot(ctx.database.db, 2, async (db) => {
      const settled = await readSettledHead(db);
      for (const serial of ['lei-many-1', 'lei-many-2', 'lei-many-3'])
        raised.push(sosSchema.parse((await raiseSos(ctx, serial)).json()).id);
      return settled;
    });
    // Three events after the first head, more than 2: the locked read's head covers them all.
    expect(snapshot.included).toEqual([]);
    expect(snapshot.head).toBe(await lastEventId(ctx));
    const listed = deviceListSchema.parse(JSON.parse(snapshot.json));
    for (const id of raised) expect(listed.some((d) => d.lastSos?.id === id)).toBe(true);
  });

  it('is one complete JSON array, gzip-compressed when the client accepts it', async () => {
    for (let i = 0; i < 30; i++)
      await register(ctx, `lei-bulk-${i}`, `A rather long device name number ${i}`);
    const plain = await getAll();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await getAll({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['x-last-event-id']).toBe(plain.headers['x-last-event-id']);
    const body = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as unknown;
    expect(deviceListSchema.parse(body)).toEqual(deviceListSchema.parse(plain.json()));
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});
