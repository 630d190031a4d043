import { afterAll, beforeAll, expect, it } from 'vitest';
import { sosSchema, type Sos } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos, eventsAfter, lastEventId } from '../routes/device/fixtures.js';
import { device, endedAgo, EVERY_DAY, putCheckIns, sosOf, timelineOf } from './fixtures.js';

describeEachDb('windows ending together (docs/expected-events.md, one batch)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx?.close());
  const windows = [{ days: EVERY_DAY, from: '08:00', to: '10:00' }];

  it('each device its own SOS, the one already alarming re-alerted, the late ones saying so', async () => {
    const fresh = [await device(ctx, 'b-1'), await device(ctx, 'b-2'), await device(ctx, 'b-3')];
    const open = await deviceWithOpenSos(ctx, 'b-open');
    // The engine's own timer may sweep as soon as a window has ended: count from here.
    const before = await lastEventId(ctx);
    for (const id of [...fresh, open.deviceId]) {
      expect((await putCheckIns(ctx, id, windows)).statusCode).toBe(200);
      await endedAgo(ctx.database.db, id, 'CHECK_IN', id === fresh[2] ? 1 : 5 * 60);
    }
    await ctx.app.expectations.sweepNow();
    await ctx.app.expectations.sweepNow();

    const events = await eventsAfter(ctx, before);
    const types = ['new-sos', 'new-sos', 'new-sos', 'sos-updated'];
    expect(events.map((e) => e.type).sort()).toEqual(types);
    for (const id of fresh) {
      const raised = await sosOf(ctx.database.db, id);
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({ kind: 'INACTIVITY', sourceDetail: '08:00–10:00' });
      // Its live event: the new SOS, with its device and its window.
      const event = events.find(
        (e) => e.type === 'new-sos' && (e.data as Sos).id === raised[0]!.id,
      );
      expect(sosSchema.parse(event?.data)).toMatchObject({
        state: 'OPEN',
        kind: 'INACTIVITY',
        source: { protocol: 'SYSTEM', code: 'CHECK_IN', detail: '08:00–10:00' },
        device: { id },
        dateCreated: raised[0]!.createdAt.toISOString(),
      });
      const texts = (await timelineOf(ctx, raised[0]!.id)).map((e) => e.text);
      const lateNote = 'Mancato check-in 08:00–10:00: in ritardo di 5 min';
      if (id === fresh[2]) expect(texts).not.toContain(lateNote);
      else expect(texts).toContain(lateNote);
    }
    // The device with an SOS open: no second SOS, an entry that re-alerts the open one.
    const [only, ...none] = await sosOf(ctx.database.db, open.deviceId);
    expect(none).toHaveLength(0);
    expect(only).toMatchObject({ id: open.sosId, state: 'OPEN', kinds: ['PANIC', 'INACTIVITY'] });
    expect(only!.realertedAt).not.toBeNull();
    expect((await timelineOf(ctx, open.sosId)).map((e) => e.text)).toContain(
      'Mancato check-in 08:00–10:00: in ritardo di 5 min',
    );
  });
});
