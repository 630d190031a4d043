import { connect, type Socket } from 'node:net';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { dc09Frame, parseAnswer, type Dc09Answer, type Dc09Message } from './frame.js';

export interface Dc09ClientOptions {
  host: string;
  port: number;
  transport: 'tcp' | 'udp';
  key: Buffer | null;
  /** How long to wait for an answer before sending the same frame again (default 5000). */
  answerTimeoutMs?: number;
  /** Attempts per message (default 3); then send rejects. */
  attempts?: number;
  /** The first message's sequence number, 1–9999 (default 1); each later message the next one. */
  firstSeq?: number;
}

/**
 * A first sequence number that differs from one run to the next (the second of the day, 1–9999):
 * one CLI run sends one message, and a receiver takes the same seq and data within 10 minutes
 * for a repeat (docs/receivers.md), so an installer's second test of a zone must not reuse it.
 */
export const seqOfNow = (now = new Date()): number => (Math.floor(now.getTime() / 1000) % 9999) + 1;

/**
 * A DC-09 transmitter as panels behave: one message at a time, each waiting for its answer;
 * no answer → the same frame again (same seq: the receiver treats it as a repeat). Over TCP
 * it keeps one connection, reopened when lost; over UDP one datagram per message.
 */
export class Dc09Client {
  private seq = 0;
  private socket: Socket | null = null;
  private udp: UdpSocket | null = null;
  private buffered = '';
  private waiting: ((frame: Buffer) => void) | null = null;
  /** Messages go one after the other, each after the previous one's answer. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: Dc09ClientOptions) {
    this.seq = (options.firstSeq ?? 1) - 1;
  }

  /** Sends one message and resolves with the receiver's answer (ACK, NAK or DUH). */
  send(message: Omit<Dc09Message, 'seq' | 'key' | 'at'>): Promise<Dc09Answer> {
    const sent = this.chain.then(() => this.sendNow(message));
    this.chain = sent.catch(() => undefined);
    return sent;
  }

  private async sendNow(message: Omit<Dc09Message, 'seq' | 'key' | 'at'>): Promise<Dc09Answer> {
    this.seq = (this.seq % 9999) + 1;
    const seq = this.seq;
    const attempts = this.options.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      const frame = dc09Frame({ ...message, seq, key: this.options.key });
      const raw = await this.exchange(frame).catch(() => null);
      const answer = raw && parseAnswer(raw, this.options.key);
      if (answer) return answer;
      if (attempt >= attempts)
        throw new Error(`DC-09: no answer to seq ${seq} after ${attempts} attempts`);
    }
  }

  private exchange(frame: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error('timeout'));
      }, this.options.answerTimeoutMs ?? 5000);
      this.waiting = (answer) => {
        clearTimeout(timer);
        this.waiting = null;
        resolve(answer);
      };
      this.write(frame).catch((err: unknown) => {
        clearTimeout(timer);
        this.waiting = null;
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  private async write(frame: Buffer): Promise<void> {
    const { host, port } = this.options;
    if (this.options.transport === 'udp') {
      if (!this.udp) {
        const udp = createSocket(host.includes(':') ? 'udp6' : 'udp4');
        udp.on('message', (answer) => this.waiting?.(answer));
        udp.on('error', () => undefined);
        this.udp = udp;
      }
      await new Promise<void>((resolve, reject) =>
        this.udp!.send(frame, port, host, (err) => (err ? reject(err) : resolve())),
      );
      return;
    }
    if (!this.socket || this.socket.destroyed) this.socket = await this.open();
    this.socket.write(frame);
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.options.host, port: this.options.port }, () =>
        resolve(socket),
      );
      this.buffered = '';
      socket.once('error', reject);
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        this.buffered += chunk.toString('latin1');
        for (let end = this.buffered.indexOf('\r'); end >= 0; end = this.buffered.indexOf('\r')) {
          const frame = this.buffered.slice(0, end + 1);
          this.buffered = this.buffered.slice(end + 1);
          this.waiting?.(Buffer.from(frame.slice(frame.indexOf('\n')), 'latin1'));
        }
      });
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
    this.udp?.close();
    this.udp = null;
  }
}
