import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exited, nextMessage, spawnNode } from './children.js';
import { wallNow } from './clock.js';
import { isReport, type FleetCommand, type FleetReport } from './sse-protocol.js';

const WORKER = fileURLToPath(new URL('../workers/sse-clients.ts', import.meta.url));
const CALIBRATION_ROUNDS = 30;

export interface FleetOptions {
  streams: number;
  /** Child processes sharing the streams (each on the load generators' cores). */
  processes: number;
  url: string;
  headers?: Record<string, string>;
  event?: string;
  /** Connections each child opens at a time. */
  concurrency?: number;
}

export interface Delivery {
  key: number;
  /** ms from the request being sent to each stream receiving the event. */
  latencies: number[];
  missing: number;
}

type EventReport = Extract<FleetReport, { type: 'event' }>;

/**
 * Live-stream load generators in child processes. Each child's clock is compared with
 * this process's over IPC (the sample with the shortest round trip wins), so receive
 * times from a child are corrected to this process's clock within ± half a round trip.
 */
export class SseFleet {
  /** child clock minus this clock, ms. */
  readonly offsets: number[] = [];
  readonly roundTrips: number[] = [];
  private readonly reports = new Map<number, Array<EventReport & { child: number }>>();
  private wake: (() => void) | undefined;
  private listener: ((key: number, receivedAt: number[], missing: number) => void) | undefined;

  private constructor(
    readonly children: ChildProcess[],
    readonly shares: number[],
  ) {
    children.forEach((child, index) =>
      child.on('message', (message: unknown) => {
        if (!isReport('event')(message)) return;
        if (this.listener) {
          const receivedAt = message.times.map((t) => t - this.offsets[index]!);
          this.listener(message.key, receivedAt, message.missing);
          return;
        }
        const list = this.reports.get(message.key) ?? [];
        list.push({ ...message, child: index });
        this.reports.set(message.key, list);
        this.wake?.();
      }),
    );
  }

  static async start(options: FleetOptions): Promise<SseFleet> {
    const processes = Math.max(1, Math.min(options.processes, options.streams));
    const shares = Array.from(
      { length: processes },
      (_, i) => Math.floor(options.streams / processes) + (i < options.streams % processes ? 1 : 0),
    );
    const children = shares.map(() => spawnNode({ side: 'clients', script: WORKER, ipc: true }));
    const fleet = new SseFleet(children, shares);
    try {
      await fleet.calibrate();
      await fleet.open(options);
    } catch (err) {
      await fleet.close();
      throw err;
    }
    return fleet;
  }

  pids = () => this.children.map((c) => c.pid!).filter(Boolean);

  private command(child: ChildProcess, command: FleetCommand) {
    child.send(command);
  }

  private async calibrate() {
    for (const child of this.children) {
      let best = { rtt: Infinity, offset: 0 };
      for (let seq = 0; seq < CALIBRATION_ROUNDS; seq++) {
        const t0 = wallNow();
        const answer = nextMessage(child, isReport('pong'), 60_000, 'clock calibration');
        this.command(child, { type: 'ping', seq });
        const pong = await answer;
        const t1 = wallNow();
        if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: pong.now - (t0 + t1) / 2 };
      }
      this.offsets.push(best.offset);
      this.roundTrips.push(best.rtt);
    }
  }

  opened = { ok: 0, failed: 0, errors: [] as string[], ms: 0, clientRss: 0 };

  private async open(options: FleetOptions) {
    const answers = this.children.map((child, i) => {
      const answer = nextMessage(child, isReport('opened'), 900_000, 'opening streams');
      this.command(child, {
        type: 'open',
        url: options.url,
        headers: options.headers ?? {},
        count: this.shares[i]!,
        concurrency: options.concurrency ?? 32,
        event: options.event ?? 'new-sos',
      });
      return answer;
    });
    for (const a of await Promise.all(answers)) {
      this.opened.ok += a.ok;
      this.opened.failed += a.failed;
      this.opened.errors.push(...a.errors);
      this.opened.ms = Math.max(this.opened.ms, a.ms);
      this.opened.clientRss += a.rss;
    }
  }

  /**
   * Continuous load (the soak): each child's report of an event, as it comes, with the
   * receive times corrected to this process's clock. measure() is then out of use.
   */
  onDelivery(listener: (key: number, receivedAt: number[], missing: number) => void) {
    this.listener = listener;
  }

  /** Asks every child for what it has of `key` (reported through onDelivery). */
  collect(key: number) {
    for (const child of this.children) this.command(child, { type: 'collect', key });
  }

  /** Sends one event (send() resolves with its key) and waits until every stream has it. */
  async measure(send: () => Promise<number>, timeoutMs = 30_000): Promise<Delivery> {
    const sentAt = wallNow();
    const key = await send();
    const deadline = Date.now() + timeoutMs;
    const done = () => (this.reports.get(key)?.length ?? 0) >= this.children.length;
    while (!done() && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          this.wake = undefined;
          resolve();
        };
        const timer = setTimeout(finish, Math.max(1, deadline - Date.now()));
        this.wake = finish;
      });
    }
    if (!done()) {
      process.stderr.write(
        `  event ${key}: not on every stream after ${timeoutMs / 1000} s; collecting what arrived\n`,
      );
      // Late or lost: ask the children that have not reported for what they have.
      const reported = new Set((this.reports.get(key) ?? []).map((r) => r.child));
      this.children.forEach((c, i) => reported.has(i) || this.command(c, { type: 'collect', key }));
      const until = Date.now() + 5000;
      while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    }
    const reports = this.reports.get(key) ?? [];
    this.reports.delete(key);
    const latencies = reports.flatMap((r) =>
      r.times.map((t) => t - this.offsets[r.child]! - sentAt),
    );
    const missing = this.shares.reduce((a, b) => a + b, 0) - latencies.length;
    return { key, latencies, missing };
  }

  async status() {
    const answers = this.children.map((child) => {
      const answer = nextMessage(child, isReport('status'), 30_000, 'status');
      this.command(child, { type: 'status' });
      return answer;
    });
    const all = await Promise.all(answers);
    return {
      alive: all.reduce((s, a) => s + a.alive, 0),
      lost: all.reduce((s, a) => s + a.lost, 0),
      rss: all.reduce((s, a) => s + a.rss, 0),
    };
  }

  async close() {
    await Promise.all(
      this.children.map(async (child) => {
        if (child.connected) this.command(child, { type: 'close' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited(child);
        clearTimeout(timer);
      }),
    );
  }
}
