import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, pushKeyResponseSchema, sosSchema } from '@sos/contract';
import { pushSubscriptions, sos } from '../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { beat, setOfflineAfter, silentFor } from '../devices/health/fixtures.js';
import { raiseSos, register } from '../routes/device/fixtures.js';
import { pushesTo, quiet, subscribe } from './fixtures.js';
import { startPushService, type PushService } from './push-service.js';

describeEachDb('push: delivery to a push service', (kind) => {
  let ctx: TestContext;
  let service: PushService;
  let publicKey: string;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SOS_PUSH_ALLOW_HTTP: true });
    service = await startPushService();
    publicKey = pushKeyResponseSchema.parse(
      (
        await ctx.app.inject({ url: apiPath('pushKey'), headers: ctx.bearer(ctx.admin.token) })
      ).json(),
    ).publicKey;
  });
  afterAll(async () => {
    await ctx.close();
    await service.close();
  });

  const raise = async (serial: string, name = serial) => {
    await register(ctx, serial, name);
    return sosSchema.parse((await raiseSos(ctx, serial)).json());
  };

  it('sends each subscription one encrypted, VAPID-signed push per new SOS, high urgency, TTL 300, topic sos-<id>', async () => {
    const admin = await subscribe(ctx, service, ctx.admin.token);
    const employee = await subscribe(ctx, service, ctx.employee.token);
    const raised = await raise('p-new', 'Pendente camera 12');
    const ofIt = (p: { sosId: number | null }) => p.sosId === raised.id;
    await service.waitFor(
      () =>
        pushesTo(service, admin, ofIt).length > 0 && pushesTo(service, employee, ofIt).length > 0,
      'a push to each subscription',
    );
    await quiet(ctx.app);
    for (const subscriber of [admin, employee]) {
      const pushes = pushesTo(service, subscriber, ofIt);
      expect(pushes).toHaveLength(1);
      const [push] = pushes;
      expect(push!.payload).toEqual({
        type: 'NEW_SOS',
        sosId: raised.id,
        deviceId: raised.device.id,
        deviceName: 'Pendente camera 12',
        kind: 'PANIC', // the SOS's kind: an HTTP SOS without one is PANIC
        at: raised.dateCreated,
      });
      expect(push!.vapidKey).toBe(publicKey);
      expect(push!.headers).toMatchObject({
        urgency: 'high',
        topic: `sos-${raised.id}`,
        'content-encoding': 'aes128gcm',
      });
      expect(Number(push!.headers.ttl)).toBeGreaterThan(290);
      expect(Number(push!.headers.ttl)).toBeLessThanOrEqual(300);
    }
    expect(service.received.filter((p) => p.error)).toEqual([]);
  });

  it('pushes an escalation with the same topic, and a device going offline with topic off-<deviceId>', async () => {
    const watcher = await subscribe(ctx, service, ctx.employee.token);
    const raised = await raise('p-esc', 'Pendente ingresso');
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '5');
    await ctx.app.db
      .update(sos)
      .set({ createdAt: sql`now() - interval '10 seconds'` })
      .where(eq(sos.id, raised.id));
    ctx.app.escalation.wake();
    const escalated = (p: { type: string; sosId: number | null }) =>
      p.type === 'SOS_ESCALATED' && p.sosId === raised.id;
    await service.waitFor(
      () => pushesTo(service, watcher, escalated).length > 0,
      'the escalation push',
    );
    const [push] = pushesTo(service, watcher, escalated);
    const [row] = await ctx.app.db.select().from(sos).where(eq(sos.id, raised.id));
    expect(push!.payload).toMatchObject({
      deviceName: 'Pendente ingresso',
      at: row!.escalatedAt!.toISOString(),
    });
    expect(push!.headers.topic).toBe(`sos-${raised.id}`);
    await setSetting(ctx.app.db, SETTING_KEYS.ackTargetSeconds, '3600');

    const { id } = (await register(ctx, 'p-off', 'Rilevatore cadute')).json<{ id: number }>();
    await beat(ctx, 'p-off');
    await setOfflineAfter(ctx.app.db, 10);
    await silentFor(ctx.app.db, id, 30);
    await ctx.app.offlineSweep.runNow();
    const offline = (p: { type: string; deviceId: number }) =>
      p.type === 'DEVICE_OFFLINE' && p.deviceId === id;
    await service.waitFor(() => pushesTo(service, watcher, offline).length > 0, 'the offline push');
    await quiet(ctx.app);
    const pushes = pushesTo(service, watcher, offline);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({
      sosId: null,
      deviceName: 'Rilevatore cadute',
      kind: null,
    });
    expect(pushes[0]!.headers.topic).toBe(`off-${id}`);
    expect(pushesTo(service, watcher, escalated)).toHaveLength(1);
  });

  it('removes a subscription the push service answers 410, and pushes nothing more to it', async () => {
    const gone = await subscribe(ctx, service, ctx.employee.token);
    service.answer(gone, [410]);
    const first = await raise('p-gone-1');
    await service.waitFor(
      () => pushesTo(service, gone, (p) => p.sosId === first.id).length > 0,
      'the push answered 410',
    );
    await quiet(ctx.app);
    const rows = await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.endpoint));
    expect(rows).toEqual([]);
    const second = await raise('p-gone-2');
    const other = await subscribe(ctx, service, ctx.admin.token);
    const third = await raise('p-gone-3');
    await service.waitFor(
      () => pushesTo(service, other, (p) => p.sosId === third.id).length > 0,
      'a push to the other',
    );
    await quiet(ctx.app);
    expect(pushesTo(service, gone, (p) => p.sosId !== first.id)).toEqual([]);
    expect(pushesTo(service, gone, (p) => p.sosId === first.id)).toHaveLength(1);
    expect(second.id).toBeLessThan(third.id);
  });

  it('retries a 503 and a 429 within the TTL, each retry with the TTL left, and stops once delivered', async () => {
    const flaky = await subscribe(ctx, service, ctx.employee.token);
    service.answer(flaky, [503, 429, 201]);
    const raised = await raise('p-retry');
    const ofIt = (p: { type: string; sosId: number | null }) =>
      p.type === 'NEW_SOS' && p.sosId === raised.id;
    await service.waitFor(() => pushesTo(service, flaky, ofIt).length >= 3, 'three tries', 20_000);
    await quiet(ctx.app);
    const tries = pushesTo(service, flaky, ofIt);
    expect(tries).toHaveLength(3);
    const ttls = tries.map((t) => Number(t.headers.ttl));
    expect(ttls[1]).toBeLessThan(ttls[0]!);
    expect(ttls[2]).toBeLessThan(ttls[1]!);
    expect(tries.map((t) => t.payload)).toEqual([
      tries[0]!.payload,
      tries[0]!.payload,
      tries[0]!.payload,
    ]);
  }, 30_000);
});
