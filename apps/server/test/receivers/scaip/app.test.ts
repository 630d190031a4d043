import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiversResponseSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { deviceBySerial, openSosOf, sosOf, technicalAlarmsOf } from '../fixtures.js';
import { TcpPeer, udpExchange, udpExchangeResending } from '../peer.js';
import { mrq, readAnswer, sipMessage } from './messages.js';
import { SEEDS, mutate, prng } from './mutate.js';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789';

/** Every answer of the SCAIP receiver, through a real app and its database. */
describeEachDb('SCAIP receiver', (kind) => {
  let ctx: TestContext;
  let port = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SOS_METRICS_TOKEN: METRICS_TOKEN }, undefined, undefined, {
      receivers: { host: '127.0.0.1', scaipPort: 0 },
    });
    port = ctx.app.receivers.port('SCAIP') ?? 0;
  });
  afterAll(() => ctx.close());

  const send = async (
    fields: Record<string, string>,
    extra = '',
    options: Parameters<typeof sipMessage>[1] = {},
  ) => readAnswer(await udpExchange(port, sipMessage(mrq(fields, extra), options)));

  it('a fall alarm registers SCAIP-<cid> and raises a "FALL" SOS with the detector and the position', async () => {
    const answer = await send(
      {
        ref: 'fall-1',
        cid: 'A1',
        mty: 'ME',
        dty: '0005',
        stc: '0009',
        did: '1',
        dte: 'Camera da letto',
      },
      '<lge><geo>45.4642,9.19</geo></lge>',
    );
    expect(answer.status).toBe('SIP/2.0 200 OK');
    expect(answer.text.endsWith('<mrs><ref>fall-1</ref><snu>0</snu><mre>0</mre></mrs>')).toBe(true);
    const device = await deviceBySerial(ctx, 'SCAIP-A1');
    expect(device?.displayName).toBe('SCAIP A1');
    expect(await openSosOf(ctx, 'SCAIP-A1')).toMatchObject({
      kind: 'FALL',
      source: {
        protocol: 'SCAIP',
        code: '0005/0009',
        detail: 'Rilevatore di caduta, n. 1, Camera da letto',
      },
      location: { lat: 45.4642, lon: 9.19, accuracyM: null },
    });
  });

  it('over TCP, a smoke alarm, a restore and a cancel add device events to the open SOS, never closing it', async () => {
    const peer = await TcpPeer.open(port);
    try {
      const base = { cid: 'A1', did: '2' };
      await peer.write(
        Buffer.concat([
          sipMessage(mrq({ ...base, ref: 'smoke-1', mty: 'ME', dty: '0023', stc: '0009' })),
          sipMessage(mrq({ ...base, ref: 'smoke-2', mty: 'RE', dty: '0023', stc: '0009' })),
          sipMessage(mrq({ ...base, ref: 'cancel-1', mty: 'ME', dty: '0002', stc: '0019' })),
        ]),
      );
      const text = await peer.until((t) => t.split('<snu>0</snu>').length === 4);
      expect([...text.matchAll(/<ref>([^<]+)<\/ref>/g)].map((m) => m[1])).toEqual([
        'smoke-1',
        'smoke-2',
        'cancel-1',
      ]);
    } finally {
      peer.close();
    }
    const [only, ...others] = await sosOf(ctx, 'SCAIP-A1');
    expect(others).toHaveLength(0);
    expect(only?.timeline.filter((e) => e.type === 'DEVICE_EVENT').map((e) => e.text)).toEqual([
      'Incendio (0023/0009)',
      'Ripristino dal dispositivo (0023/0009)',
      'Annullato dal dispositivo (0002/0019)',
    ]);
    // The smoke alarm re-alerted the fall: the SOS takes the most severe kind received
    // (docs/alarm-handling.md, "Re-alert").
    expect(await openSosOf(ctx, 'SCAIP-A1')).toMatchObject({ state: 'OPEN', kind: 'FIRE' });
  });

  it('low battery, power failure and tamper set technical alarms; 0015, 0086 and a reset clear them', async () => {
    const base = { cid: 'T1', dty: '0001' };
    for (const [ref, stc] of [
      ['t1', '0016'],
      ['t2', '0085'],
      ['t3', '0125'],
    ] as const) {
      expect((await send({ ...base, ref, mty: 'ME', stc })).snu).toBe('0');
    }
    const device = await deviceBySerial(ctx, 'SCAIP-T1');
    expect((await technicalAlarmsOf(ctx, device!.id)).map((a) => a.type).sort()).toEqual([
      'LOW_BATTERY',
      'POWER_FAILURE',
      'TAMPER',
    ]);
    await send({ ...base, ref: 't4', mty: 'ME', stc: '0015' });
    await send({ ...base, ref: 't5', mty: 'ME', stc: '0086' });
    await send({ ...base, ref: 't6', mty: 'RE', stc: '0125' });
    expect(await technicalAlarmsOf(ctx, device!.id)).toEqual([]);
    expect(await sosOf(ctx, 'SCAIP-T1')).toEqual([]);
  });

  it('a heartbeat, a test report and an information message are contact only', async () => {
    for (const [ref, mty, stc] of [
      ['h1', 'PI', '0000'],
      ['h2', 'ME', '0102'],
      ['h3', 'IN', '0010'],
    ] as const) {
      expect((await send({ ref, cid: 'P1', dty: '0001', mty, stc })).snu).toBe('0');
    }
    const device = await deviceBySerial(ctx, 'SCAIP-P1');
    expect(device?.lastSeenAt).not.toBeNull();
    expect(await sosOf(ctx, 'SCAIP-P1')).toEqual([]);
  });

  it('a repeat (same cid and ref, new transaction) and a retransmission (same branch) change nothing', async () => {
    const fields = { ref: 'rep-1', cid: 'R1', dty: '0021' };
    const first = await send(fields, '', { branch: 'z9hG4bK-rep', callId: 'rep@unit' });
    const retransmitted = await send(fields, '', { branch: 'z9hG4bK-rep', callId: 'rep@unit' });
    const repeated = await send(fields);
    expect([first.snu, retransmitted.snu, repeated.snu]).toEqual(['0', '0', '0']);
    expect(retransmitted.text).toBe(first.text);
    const all = await sosOf(ctx, 'SCAIP-R1');
    expect(all).toHaveLength(1);
    expect(all[0]?.timeline.filter((e) => e.type === 'DEVICE_EVENT')).toEqual([]);
  });

  it.each([
    ['unparsable XML', '2', '<mrq><ref>e1</ref><cid>E1</cid>'],
    ['a missing mandatory tag', '7', mrq({ ref: 'e2', cid: 'E1' })],
    ['a value out of format', '3', mrq({ ref: 'e3', cid: 'E1', dty: '5' })],
  ])('%s: 200 OK, snu %s, mre 0, nothing registered', async (_, snu, body) => {
    const answer = readAnswer(await udpExchange(port, sipMessage(body)));
    expect(answer.status).toBe('SIP/2.0 200 OK');
    expect([answer.snu, /<mre>(\d)<\/mre>/.exec(answer.text)?.[1]]).toEqual([snu, '0']);
    expect(await deviceBySerial(ctx, 'SCAIP-E1')).toBeUndefined();
  });

  it('OPTIONS is 200; INVITE and CANCEL are 501', async () => {
    const status = async (method: string) =>
      readAnswer(await udpExchange(port, sipMessage('', { method }))).status;
    expect(await status('OPTIONS')).toBe('SIP/2.0 200 OK');
    expect(await status('INVITE')).toBe('SIP/2.0 501 Not Implemented');
    expect(await status('CANCEL')).toBe('SIP/2.0 501 Not Implemented');
  });

  it('the receivers status counts SCAIP messages, refused ones apart', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/conf/receivers',
      headers: ctx.bearer(ctx.admin.token),
    });
    const scaip = receiversResponseSchema.parse(res.json()).filter((r) => r.protocol === 'SCAIP');
    const udp = scaip.find((r) => r.transport === 'udp');
    const tcp = scaip.find((r) => r.transport === 'tcp');
    expect(tcp).toMatchObject({ port, listening: true, frames: 3, refused: 0 });
    // Over UDP: 1 + 6 + 3 + 3 accepted, the OPTIONS; refused: 3 snu errors, the INVITE and CANCEL.
    expect(udp).toMatchObject({ port, listening: true, frames: 19, refused: 5 });
    const metrics = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      'sos_receiver_frames_total{protocol="SCAIP",transport="udp",result="refused"} 5',
    );
    expect(metrics.body).toContain(
      'sos_receiver_frames_total{protocol="SCAIP",transport="tcp",result="accepted"} 3',
    );
  });

  it('after 1,000 mutated datagrams and a mutated TCP stream, valid messages are still answered', async () => {
    const random = prng(8);
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    for (let i = 0; i < 1000; i += 1) {
      socket.send(mutate(random, SEEDS[i % SEEDS.length] ?? Buffer.alloc(0)), port, '127.0.0.1');
      if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    socket.close();
    const peer = await TcpPeer.open(port);
    for (let i = 0; i < 200 && !peer.closed; i += 1)
      await peer.write(mutate(random, SEEDS[i % SEEDS.length] ?? Buffer.alloc(0)));
    peer.close();
    const valid = { ref: 'after-fuzz', cid: 'F1', dty: '0005' };
    // Sent as a unit sends it, again until answered: the flood may still be in the receiver's queue.
    expect(readAnswer(await udpExchangeResending(port, sipMessage(mrq(valid)))).snu).toBe('0');
    const fresh = await TcpPeer.open(port);
    try {
      await fresh.write(sipMessage(mrq({ ...valid, ref: 'after-fuzz-tcp' })));
      expect(await fresh.until((t) => t.includes('</mrs>'))).toContain('<snu>0</snu>');
    } finally {
      fresh.close();
    }
    expect(await sosOf(ctx, 'SCAIP-F1')).toHaveLength(1);
  });
});

describeEachDb('SCAIP receiver without its database', (kind) => {
  it('answers 503 and nothing else', async () => {
    const ctx = await createTestApp(kind, {}, undefined, undefined, {
      receivers: { host: '127.0.0.1', scaipPort: 0 },
    });
    const port = ctx.app.receivers.port('SCAIP') ?? 0;
    await ctx.database.close();
    try {
      const answer = readAnswer(
        await udpExchange(port, sipMessage(mrq({ ref: 'down-1', cid: 'D1', dty: '0005' }))),
      );
      expect(answer.status).toBe('SIP/2.0 503 Service Unavailable');
      expect(answer.text).not.toContain('<mrs>');
    } finally {
      await ctx.close().catch(() => undefined);
    }
  });
});

describe('SCAIP receiver off', () => {
  it('listens nowhere without SOS_SCAIP_PORT', async () => {
    const ctx = await createTestApp('embedded');
    try {
      expect(ctx.app.receivers.port('SCAIP')).toBeNull();
    } finally {
      await ctx.close();
    }
  });
});
