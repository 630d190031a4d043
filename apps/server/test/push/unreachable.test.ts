import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { raiseSos, register } from '../routes/device/fixtures.js';
import { pushesTo, subscribe } from './fixtures.js';
import { startPushService, type PushService } from './push-service.js';

/**
 * A push service nobody can reach (docs/push.md): every connection is cut before any answer,
 * as when the centre's internet link is down. It must not be hammered once per subscription,
 * event and retry (each a claim, an encryption and an update on the alarms' database), and the
 * services that do answer still get every push.
 */
describeEachDb('push: a push service that cannot be reached', (kind) => {
  let ctx: TestContext;
  let service: PushService;
  let dead: Server;
  let connections = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SOS_PUSH_ALLOW_HTTP: true });
    service = await startPushService();
    dead = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await ctx.close();
    await service.close();
    await new Promise((resolve) => dead.close(resolve));
  });

  it('is left alone for a while instead of tried for every subscription and event; the others get every push', async () => {
    const { port } = dead.address() as { port: number };
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPath('pushSubscriptions'),
        headers: ctx.bearer(ctx.employee.token),
        payload: { ...service.subscriber(), endpoint: `http://127.0.0.1:${port}/phone-${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const reachable = await subscribe(ctx, service, ctx.admin.token);
    const raised: number[] = [];
    for (let i = 0; i < 10; i++) {
      await register(ctx, `u-${i}`, `Casa ${i}`);
      raised.push((await raiseSos(ctx, `u-${i}`)).json<{ id: number }>().id);
      await new Promise((r) => setTimeout(r, 100));
    }
    await service.waitFor(
      () => raised.every((id) => pushesTo(service, reachable, (p) => p.sosId === id).length === 1),
      'a push of every SOS to the reachable service',
    );
    await new Promise((r) => setTimeout(r, 1500));
    // 100 deliveries (10 SOS × 10 phones), each worth up to 4 tries when sent one by one: a
    // few batches of at most 8 instead, one per wait of 1 s, 2 s, 4 s…
    expect(connections).toBeGreaterThan(0);
    expect(connections).toBeLessThanOrEqual(32);
  }, 30_000);
});
