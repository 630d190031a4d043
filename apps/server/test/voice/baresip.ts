import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { baresipConfig, monoWav } from '@sos/simulator';
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

/** A mono 16-bit 8 kHz WAV of a sine. */
export function sineWav(file: string, hz: number, seconds: number): void {
  const rate = 8000;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate));
  writeFileSync(file, monoWav(samples, rate));
}

/** A 16-bit PCM WAV's samples (first channel), the RMS of each 20 ms frame, and the loudest. */
function levelsOf(file: string) {
  const wav = readFileSync(file);
  const rate = wav.readUInt32LE(24);
  const channels = wav.readUInt16LE(22);
  const start = wav.indexOf('data') + 8;
  const samples: number[] = [];
  for (let i = start; i + 1 < wav.length; i += 2 * channels) samples.push(wav.readInt16LE(i));
  const frame = Math.round(rate / 50);
  const rms = (from: number, to: number) => {
    let sum = 0;
    for (let i = from; i < to; i++) sum += samples[i]! ** 2;
    return Math.sqrt(sum / Math.max(1, to - from));
  };
  const frames: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) frames.push(rms(i, i + frame));
  return { samples, rate, frame, frames, loudest: Math.max(0, ...frames) };
}

/**
 * How many seconds of a recording are loud (20 ms frames above a tenth of the loudest): audio
 * that stopped for a while shows as that much less.
 */
export function loudSeconds(file: string): number {
  const { frames, loudest } = levelsOf(file);
  if (loudest === 0) return 0;
  return frames.filter((level) => level > loudest / 10).length / 50;
}

/**
 * The dominant frequency of a 16-bit PCM WAV (Hz), or 0 when under half a second is loud. Only
 * the loud 20 ms frames (above a tenth of the loudest) are read, with a Schmitt trigger at half
 * their RMS: a quiet tone (a browser's gain control) counts every cycle, noise none, and a gap
 * (a DTMF event's packets, a late packet on a loaded machine) neither lowers nor raises it.
 */
export function toneOf(file: string): number {
  const { samples, rate, frame, frames, loudest } = levelsOf(file);
  const loud = frames.flatMap((level, i) => (level > loudest / 10 ? [i] : []));
  if (loudest === 0 || loud.length * frame < rate / 2) return 0;
  const threshold = Math.sqrt(loud.reduce((sum, i) => sum + frames[i]! ** 2, 0) / loud.length) / 2;
  let flips = 0;
  let high: boolean | undefined;
  let previous = -2;
  for (const index of loud) {
    if (index !== previous + 1) high = undefined; // a gap: the next cycle starts afresh
    previous = index;
    for (let i = index * frame; i < (index + 1) * frame; i++) {
      const sample = samples[i]!;
      if (sample > threshold && high !== true) {
        if (high === false) flips++;
        high = true;
      } else if (sample < -threshold && high !== false) {
        if (high === true) flips++;
        high = false;
      }
    }
  }
  return Math.round((flips / 2) * (rate / (loud.length * frame)));
}

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
