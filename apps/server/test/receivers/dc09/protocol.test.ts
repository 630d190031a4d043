import { createDecipheriv } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openEnvelope, sealEnvelope } from '../../../src/receivers/dc09/frame.js';
import { TcpPeer, udpExchange } from '../peer.js';
import { startDc09 } from './harness.js';
import { AT, FRAMES, KEY128, KEY192, KEY256 } from './vectors.js';

const TS = '_12:00:00,11-25-2026';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function receiver(key: string | null, now = AT) {
  const started = await startDc09({ key, now: () => now });
  const peer = await TcpPeer.open(started.port);
  stops.push(async () => {
    peer.close();
    await started.transport.stop();
  });
  return { ...started, peer };
}

/** The answers received so far, each checked for its CRC and length, as body text. */
function bodies(received: string): string[] {
  return received
    .split('\r')
    .filter((s) => s.length > 0)
    .map((frame) => {
      const body = openEnvelope(Buffer.from(`${frame}\r`, 'latin1'));
      if (!body) throw new Error(`answer with a bad envelope: ${JSON.stringify(frame)}`);
      return body.toString('latin1');
    });
}

async function exchange(peer: TcpPeer, frame: string, answers = 1): Promise<string[]> {
  const before = bodies(peer.received.toString('latin1')).length;
  await peer.write(Buffer.from(frame, 'latin1'));
  const received = await peer.until((s) => (s.match(/\r/g) ?? []).length >= before + answers);
  return bodies(received).slice(before);
}

function decrypt(keyHex: string, hex: string): string {
  const key = Buffer.from(keyHex, 'hex');
  const d = createDecipheriv(`aes-${key.length * 8}-cbc`, key, Buffer.alloc(16)).setAutoPadding(
    false,
  );
  return Buffer.concat([d.update(Buffer.from(hex, 'hex')), d.final()]).toString('latin1');
}

describe('DC-09 answers', () => {
  it('ACKs a plain Contact ID frame after the sink committed it, echoing seq, L and #acct', async () => {
    const { peer, sink } = await receiver(null);
    expect(await exchange(peer, FRAMES.plainAdm)).toEqual([`"ACK"0001L0#12AB[]${TS}`]);
    expect(sink.accepted).toEqual([
      {
        protocol: 'DC09',
        serial: 'DC09-0-12AB',
        displayName: 'DC-09 12AB',
        repeatKey: 'ADM-CID/0001/1101 01 001',
        signals: [
          {
            type: 'ALARM',
            kind: 'PANIC',
            code: '1101',
            detail: 'zona 001, gruppo 01',
            parts: { zone: '001', group: '01' },
          },
        ],
      },
    ]);
  });

  it('answers an AES-128 frame with *ACK: R as sent, pad + "]" + time encrypted', async () => {
    const { peer, sink } = await receiver(KEY128);
    const [ack] = await exchange(peer, FRAMES.enc128Fire);
    const match = /^"\*ACK"0002R1L0#12AB\[([0-9A-F]+)$/.exec(ack!);
    expect(match).not.toBeNull();
    const plain = decrypt(KEY128, match![1]!);
    expect(plain.length % 16).toBe(0);
    expect(plain.endsWith(`]${TS}`)).toBe(true);
    expect(sink.accepted[0]).toMatchObject({
      serial: 'DC09-0-12AB',
      signals: [{ type: 'ALARM', kind: 'FIRE', code: '1110', detail: 'zona 003, gruppo 01' }],
    });
  });

  it('reads AES-192 SIA DCS and AES-256 NULL frames; the serial takes L in upper case', async () => {
    const a = await receiver(KEY192);
    expect((await exchange(a.peer, FRAMES.enc192Sia))[0]).toMatch(
      /^"\*ACK"0003L1A#3C4D\[[0-9A-F]{64}$/,
    );
    expect(a.sink.accepted[0]).toMatchObject({
      serial: 'DC09-1A-3C4D',
      displayName: 'DC-09 3C4D',
      signals: [
        { type: 'ALARM', kind: 'FIRE', code: 'FA' },
        { type: 'TECHNICAL', alarm: 'LOW_BATTERY', code: 'YT' },
      ],
    });
    const b = await receiver(KEY256);
    expect((await exchange(b.peer, FRAMES.enc256Null))[0]).toMatch(/^"\*ACK"0004L0#12AB\[/);
    expect(b.sink.accepted[0]!.signals).toEqual([{ type: 'HEARTBEAT' }]);
  });

  it('NAKs an encrypted frame without a timestamp, or one outside −40 s…+20 s', async () => {
    const { peer, sink } = await receiver(KEY128);
    expect(await exchange(peer, FRAMES.enc128NoTs)).toEqual([`"NAK"0000R0L0A0[]${TS}`]);
    const late = await receiver(KEY128, new Date(AT.getTime() + 41_000));
    expect(await exchange(late.peer, FRAMES.enc128Fire)).toEqual([
      '"NAK"0000R0L0A0[]_12:00:41,11-25-2026',
    ]);
    const early = await receiver(KEY128, new Date(AT.getTime() - 21_000));
    expect(await exchange(early.peer, FRAMES.enc128Fire)).toEqual([
      '"NAK"0000R0L0A0[]_11:59:39,11-25-2026',
    ]);
    const edge = await receiver(KEY128, new Date(AT.getTime() + 40_000));
    expect((await exchange(edge.peer, FRAMES.enc128Fire))[0]).toMatch(/^"\*ACK"/);
    expect(sink.calls + late.sink.calls + early.sink.calls).toBe(0);
  });

  it('DUHs an unknown token, a wrong key, plain with a key, encrypted without one, bad data', async () => {
    const plain = await receiver(null);
    expect(await exchange(plain.peer, FRAMES.plainUnknownToken)).toEqual(['"DUH"0008L0#12AB[]']);
    expect(await exchange(plain.peer, FRAMES.enc128Fire)).toEqual(['"DUH"0002R1L0#12AB[]']);
    const badData = sealEnvelope(`"ADM-CID"0009L0#12AB[#12AB|1101 01]${TS}`).toString('latin1');
    expect(await exchange(plain.peer, badData)).toEqual(['"DUH"0009L0#12AB[]']);
    const nested = sealEnvelope(`"SIA-DCS"0010L0#12AB[#12AB|N[FA1]]${TS}`).toString('latin1');
    expect(await exchange(plain.peer, nested)).toEqual(['"DUH"0010L0#12AB[]']);
    const noAccount = sealEnvelope(`"NULL"0011L0[]${TS}`).toString('latin1');
    expect(await exchange(plain.peer, noAccount)).toEqual(['"DUH"0011L0[]']);
    const keyed = await receiver(KEY256);
    expect(await exchange(keyed.peer, FRAMES.plainAdm)).toEqual(['"DUH"0001L0#12AB[]']);
    expect(await exchange(keyed.peer, FRAMES.enc128Fire)).toEqual(['"DUH"0002R1L0#12AB[]']);
    expect(plain.sink.calls + keyed.sink.calls).toBe(0);
  });

  it('stays silent on a bad CRC and keeps the connection for the next frame', async () => {
    const { peer, sink, transport, log } = await receiver(null);
    expect(await exchange(peer, FRAMES.plainBadCrc + FRAMES.plainNull)).toEqual([
      `"ACK"0007L0#12AB[]${TS}`,
    ]);
    expect(sink.accepted).toHaveLength(1);
    expect(transport.status()[0]).toMatchObject({ transport: 'tcp', frames: 2, refused: 1 });
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });

  it('sends the ACK only once the sink has committed, and nothing when it fails', async () => {
    const { peer, sink, transport } = await receiver(null);
    sink.hold = true;
    await peer.write(FRAMES.plainAdm);
    await sink.called(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(peer.received.length).toBe(0);
    sink.release();
    expect(await peer.until((s) => s.includes('\r'))).toContain('"ACK"0001');
    sink.fail = true;
    await peer.write(FRAMES.plainNull);
    await sink.called(2);
    // The next frame's answer comes after the failed one's (none): proof it gave none.
    sink.fail = false;
    expect(await exchange(peer, FRAMES.plainSia)).toEqual([`"ACK"0006L0#12AB[]${TS}`]);
    expect(bodies(peer.received.toString('latin1'))).toHaveLength(2);
    expect(transport.status()[0]).toMatchObject({ frames: 3, refused: 1 });
  });

  it('answers over UDP to the sender', async () => {
    const { port, sink, transport } = await receiver(KEY192);
    const answer = await udpExchange(port, Buffer.from(FRAMES.enc192Sia, 'latin1'));
    expect(bodies(answer!.toString('latin1'))[0]).toMatch(/^"\*ACK"0003L1A#3C4D\[/);
    expect(sink.accepted).toHaveLength(1);
    expect(transport.status()[1]).toMatchObject({ transport: 'udp', frames: 1, refused: 0 });
  });

  it('logs one warn line per refused frame, without the key or the data', async () => {
    const { peer, log } = await receiver(KEY128);
    await exchange(peer, FRAMES.enc128NoTs);
    await exchange(peer, FRAMES.plainAdm);
    const warns = log.lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(2);
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain(KEY128);
    expect(text).not.toContain('1101 01 001');
    expect(warns[0]!.obj).toMatchObject({
      protocol: 'DC09',
      transport: 'tcp',
      account: '12AB',
      seq: '0005',
    });
  });
});
