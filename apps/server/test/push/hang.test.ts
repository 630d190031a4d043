import { expect, it } from 'vitest';
import { apiPath, sosSchema } from '@sos/contract';
import { describeEachDb } from '../helpers/app.js';
import { openSse } from '../live/sse-client.js';
import { raiseSos, register } from '../routes/device/fixtures.js';
import { subscribe, usePushApp } from './fixtures.js';

describeEachDb('push: a push service that hangs', (kind) => {
  const env = usePushApp(kind);

  it('never holds back new-sos on the dashboards’ live stream', async () => {
    // More hanging subscriptions than pushes in flight at once: every slot is stuck.
    for (let i = 0; i < 12; i++)
      env.service.answer(await subscribe(env.ctx, env.service, env.ctx.employee.token), ['hang']);
    const base = await env.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(
      base + apiPath('sosRealTime'),
      env.ctx.bearer(env.ctx.admin.token),
    );
    expect(stream.status).toBe(200);
    await register(env.ctx, 'h-1', 'Casa Bianchi');
    const first = sosSchema.parse((await raiseSos(env.ctx, 'h-1')).json());
    // The push service now holds every slot, and answers none.
    await env.service.waitFor(
      () => env.service.arrivals >= 8,
      'the push service to hold every slot',
    );
    const held = env.service.arrivals;
    await register(env.ctx, 'h-2', 'Casa Verdi');
    const second = sosSchema.parse((await raiseSos(env.ctx, 'h-2')).json());
    await stream.waitUntil(
      () => stream.events.filter((e) => e.event === 'new-sos').length >= 2,
      'both new-sos events on the dashboard',
    );
    const shown = stream.events
      .filter((e) => e.event === 'new-sos')
      .map((e) => sosSchema.parse(JSON.parse(e.data)).id);
    expect(shown).toEqual([first.id, second.id]);
    // Still stuck when the dashboard had both: no slot was freed, nothing was answered.
    expect(env.service.arrivals).toBe(held);
    expect(env.service.received.length).toBe(held);
    stream.close();
  }, 30_000);
});
