import { describe, expect, it } from 'vitest';
import { createScaipProtocol } from '../../../src/receivers/scaip/protocol.js';
import type { ReceivedMessage, SignalSink } from '../../../src/receivers/signal.js';
import { RecordingSink, mrq, readAnswer, sipMessage } from './messages.js';

const ALARM = mrq({ ref: 'a-1', cid: 'unit7', mty: 'ME', dty: '0005', stc: '0010', did: '2' });

describe('SCAIP answers', () => {
  it('answers a committed alarm 200 OK with <mrs> ref, snu 0, mre 0 in application/scaip+xml', async () => {
    const sink = new RecordingSink();
    const answer = await createScaipProtocol(sink).handle(sipMessage(ALARM), 'udp');
    const { status, text } = readAnswer(answer.bytes);
    expect(status).toBe('SIP/2.0 200 OK');
    expect(text).toContain('\r\nContent-Type: application/scaip+xml\r\n');
    expect(text.endsWith('\r\n\r\n<mrs><ref>a-1</ref><snu>0</snu><mre>0</mre></mrs>')).toBe(true);
    expect(answer.refused).toBe(false);
    expect(sink.accepted.map((m) => m.serial)).toEqual(['SCAIP-unit7']);
  });

  it('tells a unit sending <hbo>001</hbo> its heartbeat interval in <hbi>, after commit (docs/expected-events.md)', async () => {
    const sink = new RecordingSink();
    const asked: string[] = [];
    const protocol = createScaipProtocol(sink, {
      heartbeatInterval: async (serial) => {
        asked.push(serial);
        return 900;
      },
    });
    const beat = mrq({ ref: 'h-1', cid: 'unit8', mty: 'PI', dty: '0001', hbo: '001' });
    const { text } = readAnswer((await protocol.handle(sipMessage(beat), 'udp')).bytes);
    expect(text.endsWith('<mrs><ref>h-1</ref><snu>0</snu><mre>0</mre><hbi>900</hbi></mrs>')).toBe(
      true,
    );
    expect(asked).toEqual(['SCAIP-unit8']);
    // Without hbo 001, the answer is as before.
    const plain = readAnswer(
      (
        await protocol.handle(
          sipMessage(mrq({ ref: 'h-2', cid: 'unit8', mty: 'PI', dty: '0001' })),
          'udp',
        )
      ).bytes,
    );
    expect(plain.text.endsWith('<mrs><ref>h-2</ref><snu>0</snu><mre>0</mre></mrs>')).toBe(true);
  });

  it('answers only once the sink has committed', async () => {
    let commit: (() => void) | undefined;
    const sink: SignalSink = {
      accept: () => new Promise((resolve) => (commit = () => resolve('committed'))),
    };
    let answered = false;
    const pending = createScaipProtocol(sink)
      .handle(sipMessage(ALARM), 'tcp')
      .then((a) => {
        answered = true;
        return a;
      });
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    commit?.();
    expect(readAnswer((await pending).bytes).snu).toBe('0');
  });

  it.each([
    ['unparsable XML', '<mrq><ref>1</ref>', '2'],
    ['a missing mandatory tag', mrq({ ref: 'm-1', cid: 'u' }), '7'],
    ['a value out of format', mrq({ ref: 'f-1', cid: 'u', dty: '12' }), '3'],
  ])('%s: 200 OK with snu %s, mre 0, nothing committed', async (_, body, snu) => {
    const sink = new RecordingSink();
    const answer = await createScaipProtocol(sink).handle(sipMessage(body), 'udp');
    const read = readAnswer(answer.bytes);
    expect(read.status).toBe('SIP/2.0 200 OK');
    expect(read.snu).toBe(snu);
    expect(read.text).toContain('<mre>0</mre>');
    expect(answer.refused).toBe(true);
    expect(sink.accepted).toHaveLength(0);
  });

  it('OPTIONS is 200; INVITE, CANCEL and other methods 501', async () => {
    const protocol = createScaipProtocol(new RecordingSink());
    expect(
      readAnswer((await protocol.handle(sipMessage('', { method: 'OPTIONS' }), 'udp')).bytes)
        .status,
    ).toBe('SIP/2.0 200 OK');
    for (const method of ['INVITE', 'CANCEL', 'REGISTER', 'SUBSCRIBE']) {
      const answer = await protocol.handle(sipMessage('', { method }), 'udp');
      expect(readAnswer(answer.bytes).status).toBe('SIP/2.0 501 Not Implemented');
    }
  });

  it('another content type is 415 naming ours, nothing committed', async () => {
    const sink = new RecordingSink();
    const answer = await createScaipProtocol(sink).handle(
      sipMessage(ALARM, { contentType: 'text/plain' }),
      'udp',
    );
    expect(readAnswer(answer.bytes).status).toBe('SIP/2.0 415 Unsupported Media Type');
    expect(readAnswer(answer.bytes).text).toContain('\r\nAccept: application/scaip+xml\r\n');
    expect(sink.accepted).toHaveLength(0);
  });

  it('a database that cannot be reached is 503, and the retransmission after it is back commits', async () => {
    const sink = new RecordingSink();
    const protocol = createScaipProtocol(sink);
    sink.down = true;
    const first = await protocol.handle(
      sipMessage(ALARM, { branch: 'z9hG4bK-down', callId: 'down@unit' }),
      'udp',
    );
    expect(readAnswer(first.bytes).status).toBe('SIP/2.0 503 Service Unavailable');
    expect(readAnswer(first.bytes).text).not.toContain('<mrs>');
    sink.down = false;
    const again = await protocol.handle(
      sipMessage(ALARM, { branch: 'z9hG4bK-down', callId: 'down@unit' }),
      'udp',
    );
    expect(readAnswer(again.bytes).snu).toBe('0');
    expect(sink.accepted).toHaveLength(1);
  });

  it('a retransmission (same Via branch) gets the same answer with no second effect, even mid-commit', async () => {
    const accepted: ReceivedMessage[] = [];
    let commit: (() => void) | undefined;
    const sink: SignalSink = {
      accept: (m) => {
        accepted.push(m);
        return new Promise((resolve) => (commit = () => resolve('committed')));
      },
    };
    const protocol = createScaipProtocol(sink);
    const bytes = sipMessage(ALARM, { branch: 'z9hG4bK-retx' });
    const first = protocol.handle(bytes, 'udp');
    const during = protocol.handle(bytes, 'udp');
    await new Promise((resolve) => setImmediate(resolve));
    commit?.();
    const after = await protocol.handle(bytes, 'udp');
    const answers = await Promise.all([first, during]);
    expect(answers[0].bytes?.equals(answers[1].bytes ?? Buffer.alloc(0))).toBe(true);
    expect(after.bytes?.equals(answers[0].bytes ?? Buffer.alloc(0))).toBe(true);
    expect(accepted).toHaveLength(1);
  });

  it('a new transaction with the same ref reaches the sink, which answers it as a repeat: same <mrs>', async () => {
    const sink = new RecordingSink();
    const protocol = createScaipProtocol(sink);
    const one = await protocol.handle(sipMessage(ALARM), 'udp');
    const two = await protocol.handle(sipMessage(ALARM), 'udp');
    expect(readAnswer(two.bytes).text.split('\r\n\r\n')[1]).toBe(
      readAnswer(one.bytes).text.split('\r\n\r\n')[1],
    );
  });

  it('a malformed request that can be answered gets 400; an ACK gets nothing', async () => {
    const protocol = createScaipProtocol(new RecordingSink());
    const bad = Buffer.from(
      sipMessage(ALARM).toString().replace('CSeq: 1 MESSAGE', 'CSeq: one MESSAGE'),
    );
    expect(readAnswer((await protocol.handle(bad, 'udp')).bytes).status).toMatch(/^SIP\/2\.0 400 /);
    expect(await protocol.handle(sipMessage('', { method: 'ACK' }), 'udp')).toEqual({
      bytes: null,
      refused: false,
    });
  });
});
