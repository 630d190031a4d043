/**
 * Supervision generator of the receivers bench, on the load generators' core: DC-09 `NULL`
 * (encrypted, half over TCP connections, half over UDP) or SCAIP `PI` (UDP) at a fixed rate,
 * accounts in turn, each message counted by its answer: accepted, refused or none (lost).
 */
import { randomBytes } from 'node:crypto';
import {
  dc09Frame,
  mrqDocument,
  newBranch,
  parseAnswer,
  readAnswer,
  sipMessage,
} from '@sos/simulator';
import { sleep, wallNow } from '../lib/clock.js';
import {
  dc09AnswerKey,
  dc09Key,
  Dc09TcpLine,
  sipAnswerKey,
  sipTaken,
  UdpLine,
} from '../lib/receiver-clients.js';
import { summarize } from '../lib/stats.js';
import { answerOneRun } from './one-run.js';
import {
  dc09Account,
  scaipCid,
  type SupervisionCommand,
  type SupervisionReport,
} from '../lib/receivers-protocol.js';

const TICK_MS = 5;
/** A unit waits this long for its answer; none by then is a lost message. */
const ANSWER_TIMEOUT_MS = 10_000;

type Answer = { transport: string; accepted: boolean; text: string };
type Sender = (index: number) => Promise<Answer>;

function dc09Sender(c: SupervisionCommand): { send: Sender; close(): void } {
  const target = { host: c.host, port: c.port };
  const key = c.key ? Buffer.from(c.key, 'hex') : null;
  const tcp = Array.from(
    { length: c.tcpConnections },
    () => new Dc09TcpLine(target, ANSWER_TIMEOUT_MS),
  );
  const udp = Array.from(
    { length: c.udpSockets },
    () => new UdpLine(target, ANSWER_TIMEOUT_MS, dc09AnswerKey),
  );
  const send: Sender = async (index) => {
    const account = dc09Account((index % c.accounts) + 1);
    const seq = (Math.floor(index / c.accounts) % 9999) + 1;
    const frame = dc09Frame({ token: 'NULL', seq, account, data: '', key });
    const overTcp = index % 2 === 0 && tcp.length > 0;
    const raw = overTcp
      ? await tcp[(index >> 1) % tcp.length]!.exchange(frame)
      : await udp[index % udp.length]!.exchange(
          dc09Key(account, String(seq).padStart(4, '0')),
          frame,
        );
    const answer = parseAnswer(raw, key);
    return {
      transport: overTcp ? 'tcp' : 'udp',
      accepted: answer?.type === 'ACK',
      text: raw.toString('latin1').trim().slice(0, 80),
    };
  };
  return { send, close: () => [...tcp, ...udp].forEach((l) => l.close()) };
}

function scaipSender(c: SupervisionCommand): { send: Sender; close(): void } {
  const target = { host: c.host, port: c.port, transport: 'udp' as const };
  const udp = Array.from(
    { length: c.udpSockets },
    () => new UdpLine(target, ANSWER_TIMEOUT_MS, sipAnswerKey),
  );
  const send: Sender = async (index) => {
    const cid = scaipCid((index % c.accounts) + 1);
    const body = mrqDocument({ ref: randomBytes(8).toString('hex'), cid, dty: '0001', mty: 'PI' });
    const branch = newBranch();
    const local = { host: '127.0.0.1', port: 5060, user: cid };
    const raw = await udp[index % udp.length]!.exchange(
      branch,
      sipMessage(target, local, body, branch, index + 1),
    );
    return {
      transport: 'udp',
      accepted: sipTaken(readAnswer(raw)),
      text: raw.toString('utf8').split('\r\n')[0] ?? '',
    };
  };
  return { send, close: () => udp.forEach((l) => l.close()) };
}

async function run(c: SupervisionCommand): Promise<SupervisionReport> {
  const sender = c.protocol === 'DC09' ? dc09Sender(c) : scaipSender(c);
  const from = c.startAt + c.warmupMs;
  const until = from + c.durationMs;
  const latencies: number[] = [];
  const sendLags: number[] = [];
  const samples: string[] = [];
  const byTransport: SupervisionReport['byTransport'] = {};
  const transportLatencies = new Map<string, number[]>();
  const counts = { sent: 0, accepted: 0, refused: 0, unanswered: 0 };
  const inFlight = new Set<Promise<void>>();
  const fire = (index: number, scheduledAt: number) => {
    const counted = scheduledAt >= from && scheduledAt < until;
    if (counted) {
      sendLags.push(wallNow() - scheduledAt);
      counts.sent++;
    }
    const call = sender
      .send(index)
      .then((answer) => {
        if (!counted) return;
        const t = (byTransport[answer.transport] ??= { sent: 0, accepted: 0 });
        t.sent++;
        if (answer.accepted) {
          counts.accepted++;
          t.accepted++;
          const latency = wallNow() - scheduledAt;
          latencies.push(latency);
          const own = transportLatencies.get(answer.transport) ?? [];
          transportLatencies.set(answer.transport, own);
          own.push(latency);
        } else {
          counts.refused++;
          if (samples.length < 5) samples.push(answer.text);
        }
      })
      .catch((err: unknown) => {
        if (!counted) return;
        counts.unanswered++;
        if (samples.length < 5) samples.push(String(err));
      })
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  };
  await sleep(Math.max(0, c.startAt - wallNow()));
  let index = 0;
  // Each tick sends what the schedule owes: message i is due at startAt + i / rate.
  const due = (at: number) => Math.floor(((at - c.startAt) / 1000) * c.rate);
  for (let now = wallNow(); now < until; now = wallNow()) {
    for (const last = due(now); index < last; index++)
      fire(index, c.startAt + (index / c.rate) * 1000);
    await sleep(TICK_MS);
  }
  for (const last = due(until); index < last; index++)
    fire(index, c.startAt + (index / c.rate) * 1000);
  await Promise.all(inFlight);
  sender.close();
  for (const [transport, own] of transportLatencies)
    byTransport[transport]!.latencyMs = summarize(own);
  return {
    type: 'done',
    ...counts,
    samples,
    byTransport,
    latencyMs: summarize(latencies),
    sendLagMs: summarize(sendLags),
  };
}

answerOneRun(run);
