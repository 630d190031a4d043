/**
 * Raw bytes to the alarm receivers' ports (docs/receivers.md: any byte sequence gets an
 * answer or silence, never a crash or a stall): valid DC-09 and SCAIP messages, the same
 * mutated (bytes flipped, cut, repeated, inserted), hostile ones (an XML entity bomb, a
 * DTD, a lying Content-Length, 60 KB of noise) and random bytes, each over a TCP connection
 * of its own and as a UDP datagram. Afterwards each receiver must still answer a valid
 * message as it should.
 */
import { connect } from 'node:net';
import { createSocket } from 'node:dgram';
import {
  dc09Frame,
  mrqDocument,
  newBranch,
  parseAnswer,
  readAnswer,
  sipMessage,
} from '@sos/simulator';

const WAIT_MS = 150;
const CONCURRENCY = 32;

/** mulberry32: the same cases for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function dc09Valid(r: () => number, key: Buffer): Buffer {
  const token = (['NULL', 'ADM-CID', 'SIA-DCS'] as const)[Math.floor(r() * 3)]!;
  const data = token === 'ADM-CID' ? '1101 01 001' : token === 'SIA-DCS' ? 'NFA01' : '';
  const account = Math.floor(r() * 0xffff)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0');
  return dc09Frame({
    token,
    seq: 1 + Math.floor(r() * 9999),
    account,
    data,
    key: r() < 0.5 ? key : null,
  });
}

const HOSTILE_XML = [
  '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><mrq><ref>&b;</ref><cid>X1</cid><dty>0001</dty></mrq>',
  '<mrq>' + '<x>'.repeat(2000) + '</mrq>',
  '<mrq><ref>1</ref><cid>' + 'A'.repeat(5000) + '</cid><dty>0001</dty></mrq>',
];

const SIP_TARGET = { host: '127.0.0.1', port: 5060, transport: 'udp' as const };
const scaipMessage = (cid: string, body: string, cseq: number) =>
  sipMessage(SIP_TARGET, { host: '127.0.0.1', port: 5060, user: cid }, body, newBranch(), cseq);
const scaipPi = (cid: string) =>
  scaipMessage(cid, mrqDocument({ ref: `${cid}-pi`, cid, dty: '0001', mty: 'PI' }), 1);

function scaipValid(r: () => number): Buffer {
  const cid = `FUZZ${Math.floor(r() * 100000)}`;
  const body =
    r() < 0.15
      ? HOSTILE_XML[Math.floor(r() * HOSTILE_XML.length)]!
      : mrqDocument({
          ref: String(Math.floor(r() * 1e9)),
          cid,
          dty: '0001',
          mty: (['PI', 'ME', 'RE', 'IN'] as const)[Math.floor(r() * 4)]!,
          stc: '0010',
        });
  const message = scaipMessage(cid, body, 1 + Math.floor(r() * 100));
  if (r() < 0.1)
    return Buffer.from(
      message
        .toString('latin1')
        .replace(/Content-Length: \d+/, `Content-Length: ${Math.floor(r() * 100000)}`),
      'latin1',
    );
  if (r() < 0.1)
    return Buffer.from(
      message
        .toString('latin1')
        .replace(/^MESSAGE/, ['OPTIONS', 'INVITE', 'REGISTER', 'FOO'][Math.floor(r() * 4)]!),
      'latin1',
    );
  return message;
}

function mutate(r: () => number, bytes: Buffer): Buffer {
  const b = Buffer.from(bytes);
  switch (Math.floor(r() * 6)) {
    case 0: // one to eight bytes flipped
      for (let i = 0, n = 1 + Math.floor(r() * 8); i < n && b.length > 0; i++)
        b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
      return b;
    case 1:
      return b.subarray(0, Math.floor(r() * b.length));
    case 2:
      return Buffer.concat([b, b, b.subarray(0, Math.floor(r() * b.length))]);
    case 3: {
      const at = Math.floor(r() * b.length);
      return Buffer.concat([
        b.subarray(0, at),
        Buffer.from(Array.from({ length: 1 + Math.floor(r() * 40) }, () => Math.floor(r() * 256))),
        b.subarray(at),
      ]);
    }
    case 4:
      return Buffer.from(
        Array.from({ length: Math.floor(r() * 2000) }, () => Math.floor(r() * 256)),
      );
    default:
      return r() < 0.1 ? Buffer.alloc(60_000, 0x41) : b;
  }
}

/** Bytes over a TCP connection of their own: what came back within WAIT_MS of quiet. */
function overTcp(port: number, bytes: Buffer): Promise<Buffer | 'error'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let timer = setTimeout(() => socket.destroy(), WAIT_MS * 3);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), WAIT_MS);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    // No half-close: a unit keeps its side open until it has read the answer.
    socket.write(bytes);
  });
}

function overUdp(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const done = (answer: Buffer) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(Buffer.alloc(0)), WAIT_MS * 2);
    socket.on('message', done);
    socket.on('error', () => done(Buffer.alloc(0)));
    socket.send(bytes.subarray(0, 65_000), port, '127.0.0.1');
  });
}

/** How an answer reads: ACK, NAK, DUH, a SIP status, silence, or something else. */
function answerKind(protocol: 'DC09' | 'SCAIP', answer: Buffer | 'error', key: Buffer): string {
  if (answer === 'error' || answer.length === 0) return 'silence';
  if (protocol === 'SCAIP') return `SIP ${readAnswer(answer)?.status ?? '?'}`;
  const first = answer.subarray(0, answer.indexOf(0x0d) + 1);
  return parseAnswer(first, key)?.type ?? 'unreadable';
}

export interface ReceiverFuzz {
  protocol: 'DC09' | 'SCAIP';
  transport: 'tcp' | 'udp';
  sent: number;
  answers: Record<string, number>;
  /** A valid message afterwards was answered as it should (ACK / SIP 200) in time. */
  stillAnswers: boolean;
  /** How long that answer took (ms), copies included; null: none came. */
  answeredMs: number | null;
}

export async function fuzzReceivers(
  ports: { DC09: number; SCAIP: number },
  key: Buffer,
  /** checkWithinMs: how soon a valid message after the cases must be answered, copies included. */
  { perCase, seed, checkWithinMs }: { perCase: number; seed: number; checkWithinMs: number },
): Promise<ReceiverFuzz[]> {
  const results: ReceiverFuzz[] = [];
  for (const protocol of ['DC09', 'SCAIP'] as const) {
    for (const transport of ['tcp', 'udp'] as const) {
      const r = prng(seed + results.length);
      const port = ports[protocol];
      const valid = () => (protocol === 'DC09' ? dc09Valid(r, key) : scaipValid(r));
      const cases = Array.from({ length: perCase }, (_, i) =>
        i % 4 === 0 ? valid() : mutate(r, valid()),
      );
      const answers: Record<string, number> = {};
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const bytes = cases[next++]!;
          const answer =
            transport === 'tcp' ? await overTcp(port, bytes) : await overUdp(port, bytes);
          const kind = answerKind(protocol, answer, key);
          answers[kind] = (answers[kind] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const check =
        protocol === 'DC09'
          ? dc09Frame({ token: 'NULL', seq: 1, account: 'F0F0', data: '', key })
          : scaipPi(`CHECK${transport}`);
      const expected = protocol === 'DC09' ? 'ACK' : 'SIP 200';
      // Sent again, as a unit retransmits, while the receiver may still be committing what
      // the cases left behind: deaf is no answer to any of the copies in time.
      const started = performance.now();
      let answeredMs: number | null = null;
      while (answeredMs === null && performance.now() - started < checkWithinMs) {
        const answer =
          transport === 'tcp' ? await overTcp(port, check) : await overUdp(port, check);
        if (answerKind(protocol, answer, key) === expected)
          answeredMs = Math.round(performance.now() - started);
      }
      results.push({
        protocol,
        transport,
        sent: perCase,
        answers,
        stillAnswers: answeredMs !== null && answeredMs <= checkWithinMs,
        answeredMs,
      });
    }
  }
  return results;
}
