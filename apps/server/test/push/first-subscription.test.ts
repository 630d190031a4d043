import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiPath, sosSchema } from '@sos/contract';
import { rowsOf } from '../../src/db/rows.js';
import { describeEachDb } from '../helpers/app.js';
import { raiseSos, register } from '../routes/device/fixtures.js';
import { pushesTo, quiet, subscribe, usePushApp } from './fixtures.js';

// docs/push.md: while nobody is subscribed the fan-out writes nothing, and a first
// subscription is pushed what happens after it, never what happened before.
describeEachDb('push: nobody subscribed, then a first subscription', (kind) => {
  const env = usePushApp(kind);

  const raise = async (serial: string) => {
    await register(env.ctx, serial, serial);
    const raised = sosSchema.parse((await raiseSos(env.ctx, serial)).json());
    return (p: { sosId: number | null }) => p.sosId === raised.id;
  };
  const messages = async () =>
    Number(
      rowsOf<{ n: unknown }>(
        await env.ctx.app.db.execute(sql`SELECT count(*) AS n FROM push_messages`),
      )[0]!.n,
    );

  it('pushes a first subscriber only the SOS raised after it subscribed, also after everyone left', async () => {
    const before = await raise('p-before');
    await quiet(env.ctx.app);
    expect(await messages()).toBe(0);

    const first = await subscribe(env.ctx, env.service, env.ctx.admin.token);
    const after = await raise('p-after');
    await env.service.waitFor(
      () => pushesTo(env.service, first, after).length > 0,
      'the push of p-after',
    );

    const left = await env.ctx.app.inject({
      method: 'DELETE',
      url: `${apiPath('pushSubscriptions')}?endpoint=${encodeURIComponent(first.endpoint)}`,
      headers: env.ctx.bearer(env.ctx.admin.token),
    });
    expect(left.statusCode).toBe(204);
    await quiet(env.ctx.app);
    const meanwhile = await raise('p-meanwhile');
    await quiet(env.ctx.app);

    const again = await subscribe(env.ctx, env.service, env.ctx.employee.token);
    const last = await raise('p-last');
    await env.service.waitFor(
      () => pushesTo(env.service, again, last).length > 0,
      'the push of p-last',
    );
    await quiet(env.ctx.app);

    expect(pushesTo(env.service, first, before)).toHaveLength(0);
    expect(pushesTo(env.service, first, after)).toHaveLength(1);
    expect(pushesTo(env.service, first, meanwhile)).toHaveLength(0);
    for (const earlier of [before, after, meanwhile])
      expect(pushesTo(env.service, again, earlier)).toHaveLength(0);
    expect(pushesTo(env.service, again, last)).toHaveLength(1);
  });
});
