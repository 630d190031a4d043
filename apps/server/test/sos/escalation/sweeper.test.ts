import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sosSchema, sosTimelineSchema } from '@sos/contract';
import { sos } from '../../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos, eventsAfter, lastEventId } from '../../routes/device/fixtures.js';
import { ackSos, timelineOf } from '../../routes/sos/handling-fixtures.js';

describeEachDb('escalation of unacknowledged SOS', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '5');
  });
  afterAll(async () => ctx.close());

  /** Moves an SOS's raise into the past, as if the server had been down since. */
  const raisedAgo = (sosId: number, seconds: number) =>
    ctx.app.db
      .update(sos)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sos.id, sosId));
  const escalations = async (before: number) =>
    (await eventsAfter(ctx, before)).filter((e) => e.type === 'sos-escalated');
  const sweep = () => ctx.app.escalation.sweepNow();

  it('escalates an overdue SOS once: escalatedAt, one sos-escalated with its device, an ESCALATED entry', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'esc-overdue', 'Sig. Bianchi');
    const before = await lastEventId(ctx);
    await raisedAgo(sosId, 30);
    await sweep();
    await sweep();
    const events = await escalations(before);
    expect(events).toHaveLength(1);
    const escalated = sosSchema.parse(events[0]!.data);
    expect(escalated).toMatchObject({
      id: sosId,
      state: 'OPEN',
      acknowledgedAt: null,
      device: { displayName: 'Sig. Bianchi' },
    });
    expect(escalated.escalatedAt).not.toBeNull();
    const timeline = sosTimelineSchema.parse((await timelineOf(ctx, sosId)).json());
    expect(timeline.map((e) => e.type)).toEqual(['RAISED', 'ESCALATED']);
    expect(timeline[1]!.at).toBe(escalated.escalatedAt);
  });

  it('never escalates an acknowledged or a closed SOS', async () => {
    const acked = await deviceWithOpenSos(ctx, 'esc-acked');
    const closed = await deviceWithOpenSos(ctx, 'esc-closed');
    await ackSos(ctx, acked.sosId, ctx.employee.token);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/sos/close?sosId=${closed.sosId}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    const before = await lastEventId(ctx);
    await raisedAgo(acked.sosId, 30);
    await raisedAgo(closed.sosId, 30);
    await sweep();
    expect(await escalations(before)).toEqual([]);
  });

  it('escalates a fresh SOS when its target passes, at most 2 s late', async () => {
    const { sosId } = await deviceWithOpenSos(ctx, 'esc-live');
    const before = await lastEventId(ctx);
    await new Promise((r) => setTimeout(r, 7000));
    const [row] = await ctx.app.db.select().from(sos).where(eq(sos.id, sosId));
    const late = row!.escalatedAt!.getTime() - row!.createdAt.getTime() - 5000;
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThanOrEqual(2000);
    expect(await escalations(before)).toHaveLength(1);
  }, 20_000);

  it('escalates what a lowered target makes overdue as soon as it is saved', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/conf/alarm',
      headers: ctx.bearer(ctx.admin.token),
      payload: { ackTargetSeconds: 3600 },
    });
    const { sosId } = await deviceWithOpenSos(ctx, 'esc-conf');
    await raisedAgo(sosId, 30);
    await sweep();
    const before = await lastEventId(ctx);
    expect(await escalations(before)).toEqual([]);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/conf/alarm',
      headers: ctx.bearer(ctx.admin.token),
      payload: { ackTargetSeconds: 10 },
    });
    await new Promise((r) => setTimeout(r, 20));
    await ctx.app.escalation.settled();
    expect((await escalations(before)).map((e) => sosSchema.parse(e.data).id)).toEqual([sosId]);
  });
});
