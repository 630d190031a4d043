import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { baresipConfig } from '@sos/simulator';
import { freePortRun } from '../../../../scripts/lib/voice-ports.mjs';

/**
 * baresip driven over ctrl_tcp (netstring-framed JSON): a SCAIP unit's speakerphone or a phone
 * in the voice tests. It sends a WAV (module aufile) and records what it hears (module sndfile,
 * a `dump-*-dec.wav` per call in its folder); G.711 only.
 */

/**
 * `count` ports in a row free in UDP and TCP, below the system's ephemeral range, with room for
 * rtpengine's media after them (Kamailio's SIP, WebSocket, rtpengine's control; or one port).
 */
export const freePorts = (count = 1): Promise<number> => freePortRun(count, 203);

export interface BaresipEvent {
  type: string;
  param?: string;
  peeruri?: string;
  [key: string]: unknown;
}

export class Baresip {
  readonly events: BaresipEvent[] = [];
  private socket: Socket | undefined;
  private buffer = Buffer.alloc(0);
  private waiting: Array<() => void> = [];
  log = '';

  private constructor(
    readonly dir: string,
    private readonly child: ChildProcess,
  ) {}

  /** Starts baresip with one account line (`<sip:...>;params`) sending `wav`. */
  static async start(dir: string, account: string, wav: string): Promise<Baresip> {
    mkdirSync(dir, { recursive: true });
    const ctrl = await freePorts(1);
    // baresip listens on its SIP port (UDP, TCP) and on the next one (TLS): both free.
    const sip = await freePorts(2);
    writeFileSync(
      join(dir, 'config'),
      baresipConfig(wav, `127.0.0.1:${sip}`, [
        'module sndfile.so',
        'module_app ctrl_tcp.so',
        `ctrl_tcp_listen 127.0.0.1:${ctrl}`,
        `snd_path ${dir}`,
      ]),
    );
    writeFileSync(join(dir, 'accounts'), `${account}\n`);
    writeFileSync(join(dir, 'contacts'), '');
    const child = spawn('baresip', ['-f', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    const phone = new Baresip(dir, child);
    child.stdout!.on('data', (c: Buffer) => (phone.log += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (phone.log += c.toString()));
    for (let i = 0; ; i++) {
      try {
        phone.socket = await new Promise<Socket>((resolve, reject) => {
          const s = connect(ctrl, '127.0.0.1', () => resolve(s));
          s.once('error', reject);
        });
        break;
      } catch (err) {
        if (i > 100) throw new Error(`baresip did not start: ${phone.log}`, { cause: err });
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    phone.socket.on('data', (chunk: Buffer) => phone.read(chunk));
    return phone;
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const colon = this.buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString());
      if (this.buffer.length < colon + 1 + length + 1) return;
      const json = JSON.parse(
        this.buffer.subarray(colon + 1, colon + 1 + length).toString(),
      ) as BaresipEvent & { event?: boolean };
      this.buffer = this.buffer.subarray(colon + 1 + length + 1);
      if (json.event) this.events.push(json);
      for (const wake of this.waiting.splice(0)) wake();
    }
  }

  /** A ctrl_tcp command (menu's: dial, accept, hangup, send DTMF...). */
  command(command: string, params = ''): void {
    const body = JSON.stringify({ command, params, token: command });
    this.socket!.write(`${Buffer.byteLength(body)}:${body},`);
  }

  /** Waits for an event of this type (already seen counts), up to `ms`. */
  async event(type: string, ms = 15_000): Promise<BaresipEvent> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.events.find((e) => e.type === type);
      if (found) return found;
      if (Date.now() > until)
        throw new Error(
          `baresip: no ${type} in ${ms} ms (${this.events.map((e) => e.type).join(', ')})\n${this.log.slice(-2000)}`,
        );
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Registered (baresip prints the registrar's answer; it may come before ctrl_tcp connects). */
  registered(): boolean {
    return /200 OK .*\[\d+ binding/.test(this.log);
  }

  /** The WAVs sndfile wrote of what this phone heard (decoded). */
  heard(): string[] {
    return readdirSync(this.dir)
      .filter((f) => f.startsWith('dump-') && f.endsWith('-dec.wav'))
      .map((f) => join(this.dir, f));
  }

  async stop(): Promise<void> {
    this.socket?.destroy();
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
