import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScaipUnit, startScaipFleet } from '@sos/simulator';
import { createScaipProtocol } from '../../../src/receivers/scaip/protocol.js';
import { ReceiverTransport } from '../../../src/receivers/transport.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { RecordingSink, mrq, readAnswer, sipMessage } from './messages.js';

/** The SCAIP protocol on the shared transport, with the simulator's unit as the device. */
describe('SCAIP over the network', () => {
  const sink = new RecordingSink();
  const transport = new ReceiverTransport(createScaipProtocol(sink), {
    host: '127.0.0.1',
    port: 0,
  });
  let port = 0;

  beforeAll(async () => {
    await transport.start();
    port = transport.port ?? 0;
  });
  afterAll(() => transport.stop());

  it.each(['udp', 'tcp'] as const)(
    'a simulated unit over %s gets its alarm, restore and heartbeat answered snu 0',
    async (kind) => {
      const unit = await ScaipUnit.open({
        target: { host: '127.0.0.1', port, transport: kind },
        cid: `net-${kind}`,
      });
      try {
        const answers = [
          await unit.alarm('fall', { lat: 45.46, lon: 9.19 }),
          await unit.restore('fall'),
          await unit.heartbeat(),
        ];
        expect(answers.map((a) => [a.status, a.snu])).toEqual([
          [200, 0],
          [200, 0],
          [200, 0],
        ]);
      } finally {
        unit.close();
      }
      const mine = sink.accepted
        .filter((m) => m.serial === `SCAIP-net-${kind}`)
        .map((m) => m.signals[0]?.type);
      expect(mine).toEqual(['ALARM', 'RESTORE', 'HEARTBEAT']);
    },
  );

  it('answers two requests written in one TCP segment, and one written in three', async () => {
    const peer = await TcpPeer.open(port);
    try {
      const a = sipMessage(mrq({ ref: 'seg-1', cid: 'seg', dty: '0005' }));
      const b = sipMessage(mrq({ ref: 'seg-2', cid: 'seg', dty: '0023' }));
      await peer.write(Buffer.concat([a, b]));
      await peer.until((text) => text.split('<snu>0</snu>').length === 3);
      const c = sipMessage(mrq({ ref: 'seg-3', cid: 'seg', dty: '0021' }));
      for (const part of [c.subarray(0, 30), c.subarray(30, 200), c.subarray(200)])
        await peer.write(part);
      const text = await peer.until((t) => t.includes('<ref>seg-3</ref>'));
      expect([...text.matchAll(/<ref>([^<]+)<\/ref>/g)].map((m) => m[1])).toEqual([
        'seg-1',
        'seg-2',
        'seg-3',
      ]);
    } finally {
      peer.close();
    }
  });

  it('answers a UDP datagram without Content-Length to its sender', async () => {
    const answer = await udpExchange(
      port,
      sipMessage(mrq({ ref: 'nolen', cid: 'udp', dty: '0005' }), { noLength: true }),
    );
    expect(readAnswer(answer)).toMatchObject({ status: 'SIP/2.0 200 OK', snu: '0' });
  });

  it("the simulator's fleet heartbeats and raises detector alarms with the unit's position", async () => {
    const fleet = await startScaipFleet({
      target: { host: '127.0.0.1', port, transport: 'udp' },
      units: 2,
      cidPrefix: 'FLEET',
      alarmEverySeconds: 3600,
      heartbeatSeconds: 3600,
      firstAlarmAfterSeconds: 0,
    });
    try {
      while (
        !sink.accepted.some((m) => m.serial === 'SCAIP-FLEET0001' && m.signals[0]?.type === 'ALARM')
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await fleet.stop();
    }
    const alarm = sink.accepted.find(
      (m) => m.serial === 'SCAIP-FLEET0001' && m.signals[0]?.type === 'ALARM',
    )?.signals[0];
    expect(alarm).toMatchObject({ type: 'ALARM' });
    if (alarm?.type === 'ALARM' && alarm.kind === 'FALL')
      expect(alarm.location).toMatchObject({ lat: 45.4662, lon: 9.193 });
    if (alarm?.type === 'ALARM') expect(['FALL', 'FIRE']).toContain(alarm.kind);
    expect(
      sink.accepted.filter((m) => m.signals[0]?.type === 'HEARTBEAT').map((m) => m.serial),
    ).toEqual(expect.arrayContaining(['SCAIP-FLEET0001', 'SCAIP-FLEET0002']));
    expect(fleet.stats().errors).toBe(0);
  });
});
