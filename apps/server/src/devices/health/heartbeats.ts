import type { Beat } from './heartbeat-batch.js';

/** How long a heartbeat waits for its batch at most, before the write (ms). */
const HEARTBEAT_BATCH_MS = 100;
/** A batch this large is written at once, without waiting for the interval. */
const HEARTBEAT_BATCH_MAX = 2000;
/**
 * How much later than offlineAfterSeconds the offline sweep declares a device offline (ms).
 * The sweep reads last_seen_at from the database, where a heartbeat lands up to one batch
 * interval plus one write after it was heard (any process's coalescer). Without this grace a
 * device heard just before its deadline but not yet written could be swept offline and come
 * back online a moment later: two false events. The interval (100 ms) plus a write (ms) is far
 * below this, and it is negligible beside offlineAfterSeconds (≥ 10 s, 300 s by default).
 */
export const HEARTBEAT_SWEEP_GRACE_MS = 1000;

/** Heartbeats answered per turn of the event loop once their batch is written. */
export const HEARTBEAT_ANSWER_SLICE = 64;

interface Waiter {
  resolve(found: boolean): void;
  reject(error: unknown): void;
}
interface Pending {
  battery: number | null;
  waiters: Waiter[];
}

export interface HeartbeatCoalescerOptions {
  intervalMs?: number;
  maxBatch?: number;
}

/**
 * Gathers heartbeats in memory, one entry per serial (the last battery reported wins), and
 * writes them in one statement per batch: at 1,667 heartbeats/s one UPDATE per heartbeat
 * filled the connection pool and the event loop, and the alarm path queued behind them.
 * At most one batch is written at a time, so heartbeats hold one pooled connection at most
 * and the others stay free for SOS; while it runs the next batch simply grows. Every caller
 * awaits its batch: answered found/unknown, or rejected with the batch's error, never dropped.
 */
export class HeartbeatCoalescer {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  /** When the oldest heartbeat still pending arrived (performance.now()). */
  private pendingSince = 0;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  /** Statements written so far (for benches and tests). */
  batches = 0;

  constructor(
    private readonly write: (beats: Beat[]) => Promise<Set<string>>,
    options: HeartbeatCoalescerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? HEARTBEAT_BATCH_MS;
    this.maxBatch = options.maxBatch ?? HEARTBEAT_BATCH_MAX;
  }

  /** Answers whether a visible device has this serial, once its heartbeat is written. */
  record(serial: string, battery?: number): Promise<boolean> {
    if (this.pending.size === 0) this.pendingSince = performance.now();
    const entry = this.pending.get(serial) ?? { battery: null, waiters: [] };
    this.pending.set(serial, entry);
    // Written one by one, a heartbeat without a battery keeps the one before (COALESCE).
    if (battery !== undefined) entry.battery = battery;
    const answer = new Promise<boolean>((resolve, reject) =>
      entry.waiters.push({ resolve, reject }),
    );
    if (this.pending.size >= this.maxBatch) this.kick(0);
    else this.kick(this.intervalMs);
    return answer;
  }

  /** Writes what is pending now (and waits for the batch being written); for shutdown. */
  async flush(): Promise<void> {
    while (this.writing || this.pending.size > 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      if (this.writing) await this.writing;
      else this.writeNext();
    }
  }

  private kick(ms: number) {
    if (this.writing) return; // the batch being written schedules the next when it ends
    if (ms === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.writeNext();
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.writeNext();
      }, ms);
    }
  }

  private writeNext() {
    if (this.writing || this.pending.size === 0) return;
    // The oldest maxBatch serials (a Map keeps insertion order); the rest wait for the next.
    const batch = new Map<string, Pending>();
    for (const [serial, entry] of this.pending) {
      if (batch.size >= this.maxBatch) break;
      batch.set(serial, entry);
      this.pending.delete(serial);
    }
    const beats = [...batch].map(([serial, { battery }]) => ({ serial, battery }));
    this.batches++;
    this.writing = this.write(beats).then(
      (found) => answerInSlices(batch, (serial, w) => w.resolve(found.has(serial))),
      (error: unknown) => answerInSlices(batch, (_serial, w) => w.reject(error)),
    );
    void this.writing.finally(() => {
      this.writing = undefined;
      // What arrived meanwhile goes once it has waited the interval since it arrived, not
      // a further interval after the write: under a steady load a write that takes longer
      // than the interval is followed at once by the next (a receiver's supervision answer
      // waited a whole extra interval behind every write), and a full batch goes now.
      if (this.pending.size === 0) return;
      const waited = performance.now() - this.pendingSince;
      this.kick(this.pending.size >= this.maxBatch ? 0 : Math.max(0, this.intervalMs - waited));
    });
  }
}

/**
 * Answers a written batch HEARTBEAT_ANSWER_SLICE requests at a time, yielding to the event
 * loop between slices. Answered at once, 2,000 waiters ran 2,000 replies (serialization,
 * hooks, one write each) in a single turn: tens of ms in which an SOS that had arrived
 * waited to be read (its p99 was 7 × idle while heartbeating). Between slices node
 * reads the sockets again, so an SOS waits for one slice at most.
 */
async function answerInSlices(
  batch: Map<string, Pending>,
  answer: (serial: string, w: Waiter) => void,
) {
  let answered = 0;
  for (const [serial, { waiters }] of batch) {
    for (const w of waiters) answer(serial, w);
    answered += waiters.length;
    if (answered >= HEARTBEAT_ANSWER_SLICE) {
      answered = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}
