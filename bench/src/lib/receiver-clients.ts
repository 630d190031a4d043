/**
 * The wire clients of the receivers bench: DC-09 over TCP (one message at a time per
 * connection, as a panel or an IP concentrator sends) and UDP (many in flight, each answer
 * matched by account and sequence), SCAIP over UDP (matched by the Via branch). Frames are
 * written by the simulator's own encoder (tools/simulator), apart from the server's decoder.
 */
import { connect, type Socket } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { readAnswer, type SipAnswer } from '@sos/simulator';

export interface Target {
  host: string;
  port: number;
}

interface Waiter {
  resolve(answer: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

function waiter(
  timeoutMs: number,
  onTimeout: () => void,
  resolve: Waiter['resolve'],
  reject: Waiter['reject'],
): Waiter {
  const timer = setTimeout(() => {
    onTimeout();
    reject(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  return { resolve, reject, timer };
}

/** One TCP connection; exchange() queues: each frame goes once the previous one is answered. */
export class Dc09TcpLine {
  private socket: Socket | null = null;
  private buffered = Buffer.alloc(0);
  private current: Waiter | null = null;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly target: Target,
    private readonly timeoutMs: number,
  ) {}

  exchange(frame: Buffer): Promise<Buffer> {
    const answer = this.chain.then(() => this.sendNow(frame));
    this.chain = answer.catch(() => undefined);
    return answer;
  }

  private connection(): Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = connect(this.target.port, this.target.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      // An answer is LF … CR.
      const end = this.buffered.indexOf(0x0d);
      if (end < 0) return;
      const frame = this.buffered.subarray(0, end + 1);
      this.buffered = this.buffered.subarray(end + 1);
      this.settle((w) => w.resolve(frame));
    });
    const lost = () => this.settle((w) => w.reject(new Error('connection lost')));
    socket.on('error', lost);
    socket.on('close', lost);
    this.socket = socket;
    this.buffered = Buffer.alloc(0);
    return socket;
  }

  private settle(how: (w: Waiter) => void) {
    const w = this.current;
    this.current = null;
    if (!w) return;
    clearTimeout(w.timer);
    how(w);
  }

  private sendNow(frame: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.current = waiter(this.timeoutMs, () => (this.current = null), resolve, reject);
      this.connection().write(frame);
    });
  }

  close() {
    this.socket?.destroy();
  }
}

/** One UDP socket with many frames in flight; `match` reads an answer's key. */
export class UdpLine {
  private readonly socket: UdpSocket;
  private readonly waiting = new Map<string, Waiter>();

  constructor(
    private readonly target: Target,
    private readonly timeoutMs: number,
    match: (answer: Buffer) => string | null,
  ) {
    this.socket = createSocket('udp4');
    this.socket.on('error', () => undefined);
    this.socket.on('message', (answer) => {
      const key = match(answer);
      const w = key === null ? undefined : this.waiting.get(key);
      if (!w || key === null) return;
      this.waiting.delete(key);
      clearTimeout(w.timer);
      w.resolve(answer);
    });
  }

  exchange(key: string, datagram: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.waiting.set(
        key,
        waiter(this.timeoutMs, () => this.waiting.delete(key), resolve, reject),
      );
      this.socket.send(datagram, this.target.port, this.target.host);
    });
  }

  close() {
    this.socket.close();
  }
}

/** An answer's `#account` and sequence, the key a DC-09 frame was sent under. */
export function dc09AnswerKey(answer: Buffer): string | null {
  const m = /"\*?(?:ACK|NAK|DUH)"(\d{4})?[^#[]*#([0-9A-F]+)\[/.exec(answer.toString('latin1'));
  return m ? dc09Key(m[2]!, m[1] ?? '') : null;
}
export const dc09Key = (account: string, seq: string) => `${account}/${seq}`;

/** A SIP answer's top Via branch. */
export function sipAnswerKey(answer: Buffer): string | null {
  return readAnswer(answer)?.branch ?? null;
}

/** 200 with `<snu>0</snu>`-or-none: the message was taken. */
export const sipTaken = (answer: SipAnswer | null) =>
  answer?.status === 200 && (answer.snu === null || answer.snu === 0);
