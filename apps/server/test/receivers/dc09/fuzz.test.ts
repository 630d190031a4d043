import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealEnvelope } from '../../../src/receivers/dc09/frame.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { startDc09 } from './harness.js';
import { AT, FRAMES, KEY128 } from './vectors.js';

/** A small seeded generator (mulberry32): a failure replays with the same frames. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(20);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (n: number) => Math.floor(rand() * n);

const BASES = [
  FRAMES.enc128Fire,
  FRAMES.enc128NoTs,
  FRAMES.plainAdm,
  FRAMES.plainSia,
  FRAMES.plainNull,
];
const body = (frame: string) => frame.slice(9, -1);

/**
 * Mutations that can never yield a frame the receiver may accept (key set: only encrypted
 * ones with a readable plaintext pass): one flipped bit (CRC-16 catches every one), a cut
 * (the length no longer matches), a huge or wrong length, a non-hex character or a missing
 * digit in the ciphertext, a bracket anywhere (resealed, so the decoder meets them), noise.
 */
const MUTATIONS: ((frame: string) => string)[] = [
  (f) => {
    const bytes = Buffer.from(f, 'latin1');
    const i = 1 + int(bytes.length - 2);
    bytes[i] = bytes[i]! ^ (1 << int(7));
    return bytes
      .toString('latin1')
      .replace(/[\n\r]/g, 'x')
      .replace(/^x/, '\n')
      .replace(/x$/, '\r');
  },
  (f) => {
    const cut = 9 + int(f.length - 10);
    return `${f.slice(0, cut)}${f.slice(cut + 1 + int(8))}`;
  },
  (f) => `${f.slice(0, 5)}${pick(['0FFF', 'FFFF', '9999', '0000', '0G12'])}${f.slice(9)}`,
  (f) => {
    const b = body(f);
    const i = b.indexOf('[') + 1 + int(b.length - b.indexOf('[') - 1);
    return sealEnvelope(
      `${b.slice(0, i)}${pick(['G', 'z', '-', ' ', '|', ''])}${b.slice(i + 1)}`,
    ).toString('latin1');
  },
  (f) => {
    const b = body(f);
    const i = int(b.length + 1);
    return sealEnvelope(
      `${b.slice(0, i)}${pick(['[', ']', '[[', ']]', '[]', '[[]]'])}${b.slice(i)}`,
    ).toString('latin1');
  },
  () => `\n${Array.from({ length: int(60) }, () => String.fromCharCode(32 + int(95))).join('')}\r`,
];

function mutated(): string {
  return pick(MUTATIONS)(pick(BASES));
}

describe('DC-09 receiver under fuzzing', () => {
  let started: Awaited<ReturnType<typeof startDc09>>;
  beforeAll(async () => {
    started = await startDc09({ key: KEY128, now: () => AT });
  });
  afterAll(() => started.transport.stop());

  it('takes 10,000 mutated TCP frames without crash, stall or anything accepted, then ACKs a valid one', async () => {
    const CONNECTIONS = 10;
    const PER_CONNECTION = 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const peer = await TcpPeer.open(started.port);
        let stream = '';
        for (let i = 0; i < PER_CONNECTION; i++) stream += mutated();
        // Written in random slices: frames cross reads, several share one.
        for (let at = 0; at < stream.length;) {
          const size = 1 + int(600);
          await peer.write(Buffer.from(stream.slice(at, at + size), 'latin1'));
          at += size;
        }
        expect(started.sink.calls).toBe(0);
        // Answers come in order: the valid frame's ACK means every mutated one was handled.
        await peer.write(Buffer.from(FRAMES.enc128Fire, 'latin1'));
        const received = await peer.until((s) => s.includes('"*ACK"0002R1L0#12AB['));
        expect(received).toContain('"*ACK"0002R1L0#12AB[');
        peer.close();
      }),
    );
    expect(started.sink.accepted.map((m) => m.repeatKey)).toEqual(
      Array.from({ length: CONNECTIONS }, () => 'ADM-CID/0002/1110 01 003'),
    );
    expect(started.transport.status()[0]!.frames).toBeGreaterThanOrEqual(
      CONNECTIONS * (PER_CONNECTION - 100),
    );
  });

  it('closes a connection declaring more than a frame can hold and serves the next one', async () => {
    const peer = await TcpPeer.open(started.port);
    await peer.write(`\nFFFF0FFF"*ADM-CID"0001L0#12AB[${'A'.repeat(5000)}`);
    await peer.untilClosed();
    const next = await TcpPeer.open(started.port);
    await next.write(Buffer.from(FRAMES.enc128Fire, 'latin1'));
    expect(await next.until((s) => s.includes('\r'))).toContain('"*ACK"0002');
    next.close();
  });

  it('takes 1,000 mutated datagrams and still answers a valid one', async () => {
    const before = started.sink.calls;
    const udp = createSocket('udp4');
    const answers: string[] = [];
    udp.on('message', (m) => answers.push(m.toString('latin1')));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()));
    const udpFrames = () => started.transport.status()[1]!.frames;
    // In bursts of 50, each handled before the next: loopback drops what overflows its buffer.
    for (let i = 0; i < 1000; i++) {
      await new Promise((resolve) =>
        udp.send(Buffer.from(mutated(), 'latin1'), started.port, '127.0.0.1', resolve),
      );
      if (i % 50 === 49) while (udpFrames() < i + 1) await new Promise((r) => setTimeout(r, 5));
    }
    expect(started.sink.calls).toBe(before);
    expect(answers.every((a) => /"(DUH|NAK)"/.test(a))).toBe(true);
    udp.close();
    const answer = await udpExchange(started.port, Buffer.from(FRAMES.enc128Fire, 'latin1'));
    expect(answer?.toString('latin1')).toContain('"*ACK"0002');
  });
});
