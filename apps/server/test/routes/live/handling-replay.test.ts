import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { liveEventSchemas, type LiveEventName } from '@sos/contract';
import { sos } from '../../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { listen } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';
import { deviceWithOpenSos } from '../device/fixtures.js';
import { ackSos, addNote } from '../sos/handling-fixtures.js';

describeEachDb('GET /api/sos/realTime: alarm-handling events, live and replayed', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const stream = await openSse(url, { ...ctx.bearer(ctx.employee.token), ...headers });
    open.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return stream;
  };
  const handling = (stream: SseStream) =>
    stream.events
      .filter((e) => ['sos-acknowledged', 'sos-note', 'sos-escalated'].includes(e.event))
      .map((e) => ({
        event: e.event,
        data: liveEventSchemas[e.event as LiveEventName].parse(JSON.parse(e.data)),
      }));

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '60');
    url = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  /** An escalation, an acknowledgement and a note, in that order; answers the events' data. */
  const handle = async (serial: string) => {
    const first = await deviceWithOpenSos(ctx, `${serial}-late`);
    const second = await deviceWithOpenSos(ctx, serial);
    await ctx.app.db
      .update(sos)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(sos.id, first.sosId));
    await ctx.app.escalation.sweepNow();
    const acked = (await ackSos(ctx, second.sosId, ctx.admin.token)).json();
    const entry = (
      await addNote(ctx, second.sosId, ctx.admin.token, { text: 'Richiamo tra 5 minuti' })
    ).json();
    const [escalated] = await ctx.app.db.select().from(sos).where(eq(sos.id, first.sosId));
    expect(escalated!.escalatedAt).not.toBeNull();
    return { escalatedId: first.sosId, acked, note: { sosId: second.sosId, entry } };
  };

  it('delivers sos-escalated, sos-acknowledged and sos-note live, in order', async () => {
    const stream = await connect();
    const { escalatedId, acked, note } = await handle('replay-live');
    await stream.waitUntil(() => handling(stream).length >= 3, 'three handling events');
    const got = handling(stream);
    expect(got.map((e) => e.event)).toEqual(['sos-escalated', 'sos-acknowledged', 'sos-note']);
    expect(got[0]!.data).toMatchObject({ id: escalatedId, state: 'OPEN' });
    expect(got[1]!.data).toEqual(acked);
    expect(got[2]!.data).toEqual(note);
  });

  it('replays them to a console that reconnects with Last-Event-ID', async () => {
    const first = await connect();
    const position = first.lastEventId!;
    first.close();
    const { acked, note } = await handle('replay-missed');
    const again = await connect({ 'last-event-id': position });
    await again.waitUntil(() => handling(again).length >= 3, 'the missed handling events');
    const got = handling(again);
    expect(got.map((e) => e.event)).toEqual(['sos-escalated', 'sos-acknowledged', 'sos-note']);
    expect(got[1]!.data).toEqual(acked);
    expect(got[2]!.data).toEqual(note);
  });
});
