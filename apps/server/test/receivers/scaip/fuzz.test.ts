import { describe, expect, it } from 'vitest';
import { createScaipProtocol } from '../../../src/receivers/scaip/protocol.js';
import { RecordingSink, mrq, readAnswer, sipMessage } from './messages.js';
import { SEEDS, mutate, prng } from './mutate.js';

describe('SCAIP under fuzzing', () => {
  it('10,000 mutated SIP messages over UDP and TCP: no crash, no stall, a valid message answered after', async () => {
    const sink = new RecordingSink();
    const protocol = createScaipProtocol(sink);
    const random = prng(21);
    let stream: Buffer = Buffer.alloc(0);
    let tcpMessages = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const seed = SEEDS[i % SEEDS.length] ?? Buffer.alloc(0);
      const bytes = mutate(random, seed);
      const answer = await protocol.handle(bytes, 'udp');
      expect(answer.bytes === null || answer.bytes.toString('latin1').startsWith('SIP/2.0 ')).toBe(
        true,
      );
      // The same bytes as a TCP stream, fed in two reads: framing never throws, and what it
      // frames is handled like any message.
      const split = protocol.splitStream(Buffer.concat([stream, bytes]));
      if (split === 'close') {
        stream = Buffer.alloc(0);
        continue;
      }
      stream = split.rest;
      expect(stream.length).toBeLessThanOrEqual(protocol.maxMessageBytes);
      for (const message of split.messages) {
        tcpMessages += 1;
        await protocol.handle(message, 'tcp');
      }
    }
    expect(tcpMessages).toBeGreaterThan(0);
    const valid = await protocol.handle(
      sipMessage(mrq({ ref: 'after', cid: 'fuzz', dty: '0005' })),
      'udp',
    );
    expect(readAnswer(valid.bytes)).toMatchObject({ status: 'SIP/2.0 200 OK', snu: '0' });
    expect(sink.accepted.at(-1)?.repeatKey).toBe('after');
    // Everything the sink was given was a well-formed SCAIP message.
    for (const message of sink.accepted) expect(message.serial).toMatch(/^SCAIP-[A-Za-z0-9._:-]+$/);
  });
});
