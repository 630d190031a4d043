import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ScaipUnit } from '../src/scaip/unit.js';

/** A receiver that answers every request 200 OK with snu 0, echoing the request's Via. */
function answerOf(request: string): Buffer {
  const via = /\r\nVia: ([^\r\n]+)/.exec(request)?.[1] ?? '';
  const ref = /<ref>([^<]*)<\/ref>/.exec(request)?.[1] ?? '';
  const body = `<mrs><ref>${ref}</ref><snu>0</snu><mre>0</mre></mrs>`;
  return Buffer.from(
    `SIP/2.0 200 OK\r\nVia: ${via}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('simulated SCAIP unit', () => {
  it('over UDP, retransmits the same transaction until it is answered', async () => {
    const server = createSocket('udp4');
    const seen: string[] = [];
    server.on('message', (message, peer) => {
      seen.push(message.toString());
      // The first copy is "lost": only the retransmission is answered.
      if (seen.length >= 2) server.send(answerOf(message.toString()), peer.port, peer.address);
    });
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => server.close());
    const unit = await ScaipUnit.open({
      target: { host: '127.0.0.1', port: server.address().port, transport: 'udp' },
      cid: 'sim1',
    });
    cleanups.push(() => unit.close());
    const answer = await unit.alarm('fall', { lat: 45.46, lon: 9.19 });
    expect(answer).toMatchObject({ status: 200, snu: 0 });
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toContain('<dty>0005</dty>');
    expect(seen[0]).toContain('<lge><geo>45.46,9.19</geo></lge>');
  });

  it('over TCP, sends several messages on one connection and matches each answer', async () => {
    const server = createServer((socket) => {
      let buffered = '';
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (;;) {
          const end = buffered.indexOf('</mrq>');
          if (end < 0) break;
          socket.write(answerOf(buffered.slice(0, end)));
          buffered = buffered.slice(end + 6);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => server.close());
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const unit = await ScaipUnit.open({
      target: { host: '127.0.0.1', port, transport: 'tcp' },
      cid: 'sim2',
    });
    cleanups.push(() => unit.close());
    const answers = await Promise.all([
      unit.heartbeat(),
      unit.alarm('smoke'),
      unit.restore('smoke'),
    ]);
    expect(answers.map((a) => a.snu)).toEqual([0, 0, 0]);
  });
});
