import { expect, it } from 'vitest';
import { apiPath, sosSchema } from '@sos/contract';
import { describeEachDb } from '../helpers/app.js';
import { deviceHeaders, register } from '../routes/device/fixtures.js';
import { pushesTo, quiet, subscribe, usePushApp } from './fixtures.js';

/** docs/alarm-handling.md, "Re-alert": a further alarm on an open SOS is pushed as NEW_SOS again, once. */
describeEachDb('push: the re-alert', (kind) => {
  const env = usePushApp(kind);

  const raise = async (serial: string, alarmKind?: string) =>
    sosSchema.parse(
      (
        await env.ctx.app.inject({
          method: 'POST',
          url: apiPath('deviceSos'),
          headers: deviceHeaders(env.ctx),
          payload: { serial, ...(alarmKind ? { kind: alarmKind } : {}) },
        })
      ).json(),
    );

  it('pushes NEW_SOS once more for a further alarm, with the most severe kind and the re-alert time; a repeat pushes nothing', async () => {
    const watcher = await subscribe(env.ctx, env.service, env.ctx.employee.token);
    await register(env.ctx, 'p-realert', 'Casa Bianchi');
    const raised = await raise('p-realert', 'MEDICAL');
    const ofIt = (p: { type: string; sosId: number | null }) =>
      p.type === 'NEW_SOS' && p.sosId === raised.id;
    await env.service.waitFor(
      () => pushesTo(env.service, watcher, ofIt).length > 0,
      'the raise push',
    );
    const realerted = await raise('p-realert', 'FIRE');
    await raise('p-realert'); // a plain repeat
    await env.service.waitFor(
      () => pushesTo(env.service, watcher, ofIt).length > 1,
      'the re-alert push',
    );
    await quiet(env.ctx.app);
    const pushes = pushesTo(env.service, watcher, ofIt);
    expect(pushes.map((p) => p.payload)).toEqual([
      {
        type: 'NEW_SOS',
        sosId: raised.id,
        deviceId: raised.device.id,
        deviceName: 'Casa Bianchi',
        kind: 'MEDICAL',
        at: raised.dateCreated,
      },
      {
        type: 'NEW_SOS',
        sosId: raised.id,
        deviceId: raised.device.id,
        deviceName: 'Casa Bianchi',
        kind: 'FIRE',
        at: realerted.realertedAt,
      },
    ]);
    expect(pushes[1]!.headers.topic).toBe(`sos-${raised.id}`);
  });
});
