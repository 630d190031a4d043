import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect, isIPv6, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  mrqDocument,
  newBranch,
  readAnswer,
  sipMessage,
  splitAnswers,
  type MrqFields,
  type SipAnswer,
  type SipTarget,
} from './sip.js';

/**
 * A simulated SCAIP local unit (a social alarm base station) with a fall detector and a
 * smoke detector behind it, talking SIP to a receiver over UDP or TCP as a real one does:
 * each message its own transaction, retransmitted over UDP until answered (RFC 3261 timer
 * E: 0.5 s doubling to 4 s), given up after `timeoutMs`.
 */

export const PERIPHERALS = {
  unit: { dty: '0001', did: '0', dte: 'Unità locale' },
  fall: { dty: '0005', did: '1', dte: 'Camera da letto' },
  smoke: { dty: '0023', did: '2', dte: 'Cucina' },
} as const;
export type Peripheral = keyof typeof PERIPHERALS;

export interface ScaipUnitOptions {
  target: SipTarget;
  /** The unit's id: the server knows it as SCAIP-<cid>. */
  cid: string;
  /** Give up on a message not answered within this (default 32 s, SIP's timer F). */
  timeoutMs?: number;
}

type Fields = Omit<MrqFields, 'ref' | 'cid'> & { ref?: string };

export class ScaipUnit {
  private udp: UdpSocket | null = null;
  private tcp: Socket | null = null;
  private buffered: Buffer = Buffer.alloc(0);
  private readonly waiting = new Map<
    string,
    { resolve: (answer: SipAnswer) => void; reject: (err: Error) => void }
  >();
  private cseq = 0;
  private closed = false;

  private constructor(private readonly options: ScaipUnitOptions) {}

  static async open(options: ScaipUnitOptions): Promise<ScaipUnit> {
    const unit = new ScaipUnit(options);
    await (options.target.transport === 'udp' ? unit.openUdp() : unit.openTcp());
    return unit;
  }

  private openUdp(): Promise<void> {
    const udp = createSocket(isIPv6(this.options.target.host) ? 'udp6' : 'udp4');
    this.udp = udp;
    udp.on('message', (message) => this.answered(message));
    udp.on('error', () => undefined);
    return new Promise((resolve) => udp.bind(0, () => resolve()));
  }

  private openTcp(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect(
        { host: this.options.target.host, port: this.options.target.port },
        () => resolve(),
      );
      this.tcp = socket;
      socket.once('error', reject);
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        const { answers, rest } = splitAnswers(Buffer.concat([this.buffered, chunk]));
        this.buffered = rest;
        for (const answer of answers) this.answered(answer);
      });
    });
  }

  private answered(message: Buffer): void {
    const answer = readAnswer(message);
    if (!answer?.branch) return;
    this.waiting.get(answer.branch)?.resolve(answer);
  }

  private local(): { host: string; port: number; user: string } {
    const port = this.udp ? this.udp.address().port : (this.tcp?.localPort ?? 5060);
    return { host: '127.0.0.1', port, user: this.options.cid };
  }

  /** Sends one `<mrq>` and resolves with the answer; rejects when none comes in time. */
  send(fields: Fields): Promise<SipAnswer> {
    if (this.closed) return Promise.reject(new Error('the unit is closed'));
    const ref = fields.ref ?? randomBytes(8).toString('hex');
    const branch = newBranch();
    this.cseq += 1;
    const body = mrqDocument({ ...fields, ref, cid: this.options.cid });
    const bytes = sipMessage(this.options.target, this.local(), body, branch, this.cseq);
    const timeoutMs = this.options.timeoutMs ?? 32_000;
    return new Promise((resolve, reject) => {
      const timers: NodeJS.Timeout[] = [];
      const done = () => {
        this.waiting.delete(branch);
        for (const t of timers) clearTimeout(t);
      };
      this.waiting.set(branch, {
        resolve: (answer) => {
          done();
          resolve(answer);
        },
        reject: (err) => {
          done();
          reject(err);
        },
      });
      timers.push(
        setTimeout(
          () => (done(), reject(new Error(`no answer to ${ref} within ${timeoutMs} ms`))),
          timeoutMs,
        ),
      );
      if (this.tcp) {
        this.tcp.write(bytes);
        return;
      }
      const { host, port } = this.options.target;
      const transmit = (interval: number) => {
        this.udp?.send(bytes, port, host);
        timers.push(setTimeout(() => transmit(Math.min(interval * 2, 4000)), interval));
      };
      transmit(500);
    });
  }

  /** An alarm from one peripheral (status 0009 automatic, 0010 manual). */
  alarm(peripheral: Peripheral, geo?: { lat: number; lon: number }): Promise<SipAnswer> {
    const stc = peripheral === 'fall' || peripheral === 'smoke' ? '0009' : '0010';
    return this.send({ mty: 'ME', stc, ...PERIPHERALS[peripheral], ...(geo ? { geo } : {}) });
  }

  /** The alarm condition is over (smoke cleared, the resident got up). */
  restore(peripheral: Peripheral): Promise<SipAnswer> {
    return this.send({ mty: 'RE', stc: '0009', ...PERIPHERALS[peripheral] });
  }

  heartbeat(): Promise<SipAnswer> {
    return this.send({ mty: 'PI', ...PERIPHERALS.unit });
  }

  lowBattery(peripheral: Peripheral, cleared = false): Promise<SipAnswer> {
    return this.send({ mty: 'ME', stc: cleared ? '0015' : '0016', ...PERIPHERALS[peripheral] });
  }

  /** Closes the sockets; messages still waiting for an answer fail at once. */
  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiting.values()]) waiter.reject(new Error('the unit is closed'));
    this.udp?.close();
    this.tcp?.destroy();
    this.udp = null;
    this.tcp = null;
  }
}
