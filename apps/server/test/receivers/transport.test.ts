import { afterEach, describe, expect, it } from 'vitest';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import {
  ReceiverTransport,
  UDP_RECEIVE_BUFFER_BYTES,
  type TransportOptions,
} from '../../src/receivers/transport.js';
import type { ReceiverProtocol } from '../../src/receivers/signal.js';
import { TcpPeer, udpExchange } from './peer.js';

/**
 * A line protocol for exercising the transport alone: messages end with "\n"; "slow:" ones
 * take longer to handle than the ones after them; "quiet" gets no answer; "bad" is refused.
 */
function lineProtocol(maxMessageBytes = 64): ReceiverProtocol & { handled: string[] } {
  const handled: string[] = [];
  return {
    name: 'DC09',
    maxMessageBytes,
    handled,
    splitStream(buffered) {
      const messages: Buffer[] = [];
      let start = 0;
      for (let i = buffered.indexOf(10); i >= 0; i = buffered.indexOf(10, start)) {
        messages.push(buffered.subarray(start, i));
        start = i + 1;
      }
      return { messages, rest: buffered.subarray(start) };
    },
    async handle(message) {
      const text = message.toString('latin1');
      handled.push(text);
      if (text.startsWith('slow:')) await new Promise((r) => setTimeout(r, 50));
      if (text === 'quiet') return { bytes: null, refused: true };
      return { bytes: Buffer.from(`ok:${text}\n`), refused: text === 'bad' };
    },
  };
}

const started: ReceiverTransport[] = [];
const peers: TcpPeer[] = [];

async function start(protocol: ReceiverProtocol, options: Partial<TransportOptions> = {}) {
  const transport = new ReceiverTransport(protocol, { host: '127.0.0.1', port: 0, ...options });
  await transport.start();
  started.push(transport);
  return transport;
}
async function open(port: number) {
  const peer = await TcpPeer.open(port);
  peers.push(peer);
  return peer;
}

afterEach(async () => {
  for (const peer of peers.splice(0)) peer.close();
  for (const transport of started.splice(0)) await transport.stop();
});

describe('receiver transport, TCP', () => {
  it('joins a message written over three reads', async () => {
    const transport = await start(lineProtocol());
    const peer = await open(transport.port!);
    await peer.write('he');
    await new Promise((r) => setTimeout(r, 20));
    await peer.write('ll');
    await new Promise((r) => setTimeout(r, 20));
    await peer.write('o\n');
    expect(await peer.until((s) => s.includes('\n'))).toBe('ok:hello\n');
  });

  it('answers several messages of one read in the order they were sent, a slow one first', async () => {
    const transport = await start(lineProtocol());
    const peer = await open(transport.port!);
    await peer.write('slow:a\nb\nc\n');
    expect(await peer.until((s) => s.split('\n').length > 3)).toBe('ok:slow:a\nok:b\nok:c\n');
  });

  it('keeps the connection open after a silent answer and counts frames and refusals', async () => {
    const transport = await start(lineProtocol());
    const peer = await open(transport.port!);
    await peer.write('quiet\nbad\nfine\n');
    expect(await peer.until((s) => s.includes('ok:fine'))).toBe('ok:bad\nok:fine\n');
    const tcp = transport.status().find((s) => s.transport === 'tcp')!;
    expect(tcp).toMatchObject({ listening: true, frames: 3, refused: 2 });
    expect(tcp.lastFrameAt).toBeInstanceOf(Date);
  });

  it('closes a connection whose unfinished message outgrows the limit, and counts it refused', async () => {
    const protocol = lineProtocol(16);
    const warnings: string[] = [];
    const transport = await start(protocol, {
      log: { warn: (_obj, msg) => void warnings.push(msg) },
    });
    const peer = await open(transport.port!);
    await peer.write('x'.repeat(17));
    await peer.untilClosed();
    expect(transport.status().find((s) => s.transport === 'tcp')!.refused).toBe(1);
    expect(warnings).toEqual([
      'DC09 message refused: a message longer than 16 bytes: connection closed',
    ]);
    expect(protocol.handled).toEqual([]);
    // Others are still served.
    const other = await open(transport.port!);
    await other.write('y\n');
    expect(await other.until((s) => s.includes('\n'))).toBe('ok:y\n');
  });

  it('closes an idle connection', async () => {
    const transport = await start(lineProtocol(), { idleTimeoutMs: 100 });
    const peer = await open(transport.port!);
    await peer.untilClosed();
    expect(peer.closed).toBe(true);
  });

  it('closes connections beyond the cap and keeps serving the ones it holds', async () => {
    const transport = await start(lineProtocol(), { maxConnections: 2 });
    const first = await open(transport.port!);
    const second = await open(transport.port!);
    const third = await open(transport.port!);
    await third.untilClosed();
    await first.write('1\n');
    await second.write('2\n');
    expect(await first.until((s) => s.includes('\n'))).toBe('ok:1\n');
    expect(await second.until((s) => s.includes('\n'))).toBe('ok:2\n');
  });

  it('survives a protocol that throws', async () => {
    const protocol = lineProtocol();
    protocol.splitStream = () => {
      throw new Error('boom');
    };
    const transport = await start(protocol);
    const peer = await open(transport.port!);
    await peer.write('a\n');
    await peer.untilClosed();
    const next = await open(transport.port!);
    expect(next.closed).toBe(false);
  });
});

describe('receiver transport, UDP', () => {
  it('answers a datagram to its sender on the same port as TCP', async () => {
    const transport = await start(lineProtocol());
    const answer = await udpExchange(transport.port!, 'ping');
    expect(answer?.toString()).toBe('ok:ping\n');
    expect(transport.status().find((s) => s.transport === 'udp')).toMatchObject({
      listening: true,
      frames: 1,
      refused: 0,
    });
  });

  it('asks the kernel for a receive buffer that outlasts a pause of the process', async () => {
    const transport = await start(lineProtocol());
    // Linux grants up to net.core.rmem_max and reports twice what it granted (its bookkeeping).
    const max = Number(readFileSync('/proc/sys/net/core/rmem_max', 'utf8'));
    const granted = transport.udpReceiveBufferBytes!;
    expect(granted).toBeGreaterThanOrEqual(Math.min(max, UDP_RECEIVE_BUFFER_BYTES));
    if (max > 212_992) expect(granted).toBeGreaterThan(2 * 212_992);
  });

  it('stays silent on a message refused without answer', async () => {
    const transport = await start(lineProtocol());
    expect(await udpExchange(transport.port!, 'quiet', 200)).toBeNull();
    expect(transport.status().find((s) => s.transport === 'udp')!.refused).toBe(1);
  });

  it('on any port, finds one free for both while thousands of UDP ports are taken', async () => {
    // The TCP port the kernel picks may be another socket's in UDP (a client's, a phone's).
    const taken = await Promise.all(
      Array.from({ length: 3000 }, async () => {
        const socket = createSocket('udp4');
        await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
        return socket;
      }),
    );
    try {
      for (let i = 0; i < 100; i += 1) await (await start(lineProtocol())).stop();
      const transport = await start(lineProtocol());
      expect((await udpExchange(transport.port!, 'ping'))?.toString()).toBe('ok:ping\n');
    } finally {
      for (const socket of taken) socket.close();
    }
  });

  it('stops listening on both when stopped', async () => {
    const transport = await start(lineProtocol());
    await transport.stop();
    expect(transport.status().every((s) => !s.listening)).toBe(true);
  });
});
