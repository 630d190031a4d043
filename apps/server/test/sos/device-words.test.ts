import { beforeAll, expect, it } from 'vitest';
import { apiPath, sosSchema, sosTimelineSchema, type AlarmKind } from '@sos/contract';
import { describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceHeaders, eventsAfter, lastEventId, register } from '../routes/device/fixtures.js';
import { timelineOf } from '../routes/sos/handling-fixtures.js';
import { openSosOf } from '../receivers/fixtures.js';
import { useBothReceivers } from '../receivers/both-receivers.js';

/**
 * docs/alarm-kinds.md "Device words": the receivers' words about a source and a DEVICE_EVENT
 * travel structured beside the Italian text (source.parts, entry event), for the console to
 * word in each language; the text fields stay as they were.
 */
describeEachDb('device words, structured', (kind) => {
  const receivers = useBothReceivers(kind);
  const { dc09, scaip } = receivers;
  let ctx: TestContext;
  beforeAll(() => {
    ctx = receivers.ctx();
  });

  const deviceEvents = async (sosId: number) =>
    sosTimelineSchema
      .parse((await timelineOf(ctx, sosId)).json())
      .filter((e) => e.type === 'DEVICE_EVENT')
      .map((e) => ({ text: e.text, event: e.event }));

  it('SCAIP: the peripheral, its number, component and room as parts; restore and cancel as words', async () => {
    const before = await lastEventId(ctx);
    await scaip({
      ref: 'dw-fall',
      cid: 'DW1',
      mty: 'ME',
      dty: '0005',
      stc: '0009',
      did: '1',
      dco: '2',
      dte: 'Camera da letto',
    });
    const raised = (await openSosOf(ctx, 'SCAIP-DW1'))!;
    const source = {
      protocol: 'SCAIP',
      code: '0005/0009',
      detail: 'Rilevatore di caduta, n. 1, componente 2, Camera da letto',
      parts: { peripheral: '0005', number: '1', component: '2', room: 'Camera da letto' },
    };
    expect(raised.source).toEqual(source);
    // The live event carries them too (its JSON is built in SQL on the batched path).
    const [created] = (await eventsAfter(ctx, before)).filter((e) => e.type === 'new-sos');
    expect(sosSchema.parse(created!.data).source).toEqual(source);

    await scaip({ ref: 'dw-smoke', cid: 'DW1', mty: 'ME', dty: '0023', stc: '0009' });
    await scaip({ ref: 'dw-reset', cid: 'DW1', mty: 'RE', dty: '0005', stc: '0009', did: '1' });
    await scaip({ ref: 'dw-cancel', cid: 'DW1', mty: 'ME', dty: '0002', stc: '0019' });
    expect(await deviceEvents(raised.id)).toEqual([
      { text: 'Incendio (0023/0009)', event: { kind: 'FIRE', code: '0023/0009' } },
      {
        text: 'Ripristino dal dispositivo (0005/0009)',
        event: { code: '0005/0009', restore: true },
      },
      { text: 'Annullato dal dispositivo (0002/0019)', event: { code: '0002/0019', cancel: true } },
    ]);
  });

  it('DC-09 Contact ID: zone and group as parts; a further alarm and its restore as words', async () => {
    await dc09('5D01', '1100 01 004');
    const raised = (await openSosOf(ctx, 'DC09-0-5D01'))!;
    expect(raised.source).toEqual({
      protocol: 'DC09',
      code: '1100',
      detail: 'zona 004, gruppo 01',
      parts: { zone: '004', group: '01' },
    });
    await dc09('5D01', '1110 00 003');
    await dc09('5D01', '3110 00 003');
    expect(await deviceEvents(raised.id)).toEqual([
      { text: 'Incendio (1110)', event: { kind: 'FIRE', code: '1110' } },
      { text: 'Ripristino dal dispositivo (3110)', event: { code: '3110', restore: true } },
    ]);
  });

  it('HTTP: no parts (the device API sends no detail); a further kind is an event without a code', async () => {
    await register(ctx, 'dw-http');
    const raise = async (alarmKind?: AlarmKind) =>
      sosSchema.parse(
        (
          await ctx.app.inject({
            method: 'POST',
            url: apiPath('deviceSos'),
            headers: deviceHeaders(ctx),
            payload: { serial: 'dw-http', ...(alarmKind ? { kind: alarmKind } : {}) },
          })
        ).json(),
      );
    const raised = await raise();
    expect(raised.source).toEqual({ protocol: 'HTTP', code: null, detail: null });
    await raise('FIRE');
    expect(await deviceEvents(raised.id)).toEqual([
      { text: 'Incendio', event: { kind: 'FIRE', code: null } },
    ]);
  });
});
