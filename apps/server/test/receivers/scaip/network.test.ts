import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScaipUnit } from '@sos/simulator';
import { createScaipProtocol } from '../../../src/receivers/scaip/protocol.js';
import { ReceiverTransport } from '../../../src/receivers/transport.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { RecordingSink, mrq, readAnswer, sipMessage } from './messages.js';

/** The SCAIP protocol on the shared transport, with the simulator's unit as the device. */
describe('SCAIP over the network', () => {
  const sink = new RecordingSink();
  const transport = new ReceiverTransport(createScaipProtocol(sink), { host: '127.0.0.1', port: 0 });
  let port = 0;

  beforeAll(async () => {
    await transport.start();
    port = transport.port ?? 0;
  });
  afterAll(() => transport.stop());

  it.each(['udp', 'tcp'] as const)('a simulated unit over %s gets its alarm, restore and heartbeat answered snu 0', async (kind) => {
    const unit = await ScaipUnit.open({ target: { host: '127.0.0.1', port, transport: kind }, cid: `net-${kind}` });
    try {
      const answers = [await unit.alarm('fall', { lat: 45.46, lon: 9.19 }), await unit.restore('fall'), await unit.heartbeat()];
      expect(answers.map((a) => [a.status, a.snu])).toEqual([[200, 0], [200, 0], [200, 0]]);
    } finally {
      unit.close();
    }
    const mine = sink.accepted.filter((m) => m.serial === `SCAIP-net-${kind}`).map((m) => m.signals[0]?.type);
    expect(mine).toEqual(['ALARM', 'RESTORE', 'HEARTBEAT']);
  });

  it('answers two requests written in one TCP segment, and one written in three', async () => {
    const peer = await TcpPeer.open(port);
    try {
      const a = sipMessage(mrq({ ref: 'seg-1', cid: 'seg', dty: '0005' }));
      const b = sipMessage(mrq({ ref: 'seg-2', cid: 'seg', dty: '0023' }));
      await peer.write(Buffer.concat([a, b]));
      await peer.until((text) => text.split('<snu>0</snu>').length === 3);
      const c = sipMessage(mrq({ ref: 'seg-3', cid: 'seg', dty: '0021' }));
      for (const part of [c.subarray(0, 30), c.subarray(30, 200), c.subarray(200)]) await peer.write(part);
      const text = await peer.until((t) => t.includes('<ref>seg-3</ref>'));
      expect([...text.matchAll(/<ref>([^<]+)<\/ref>/g)].map((m) => m[1])).toEqual(['seg-1', 'seg-2', 'seg-3']);
    } finally {
      peer.close();
    }
  });

  it('answers a UDP datagram without Content-Length to its sender', async () => {
    const answer = await udpExchange(port, sipMessage(mrq({ ref: 'nolen', cid: 'udp', dty: '0005' }), { noLength: true }));
    expect(readAnswer(answer)).toMatchObject({ status: 'SIP/2.0 200 OK', snu: '0' });
  });
});
