import { sql } from 'drizzle-orm';
import type { Log } from '../lib/log.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

interface Window {
  /** Start of the current fixed window, ms since epoch (aligned, so every process agrees). */
  start: number;
  windowMs: number;
  /** Hits of every process that the database had counted at this process's last flush. */
  base: number;
  /** This process's hits not yet written. */
  pending: number;
  /** The first hit of a window reads what the other processes counted (once). */
  loaded: Promise<void>;
}

/** How often a process adds its hits to the shared counts and reads the totals back. */
const FLUSH_MS = 250;
/** How often the windows that ended are forgotten (memory only: an ended window is never read). */
const SWEEP_MS = 10_000;

/**
 * Request counts per bucket and fixed window, shared by every server process through the
 * database, with one query per bucket and window at most on the request's path: the first
 * hit of a window reads the bucket's total; then each process counts in memory and, every
 * FLUSH_MS, adds what it counted to `rate_windows` in one statement and reads the totals
 * back. A limit may be overshot by what the other processes counted in the last quarter of
 * a second: the price of keeping the database off the hot path.
 */
export class SharedWindows {
  private readonly windows = new Map<string, Window>();
  /** Buckets hit since the last flush: a flush walks these, not every window (100,000 at fleet rate). */
  private dirty = new Set<string>();
  private lastSweep = 0;
  private flushing: Promise<void> | undefined;
  private readonly reads = new Map<
    string,
    { bucket: string; start: number; answers: Array<(total: number) => void> }
  >();
  private reading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Counts one hit; answers the bucket's hits in this window (all processes) and ms left. */
  async hit(bucket: string, windowMs: number): Promise<{ current: number; ttlMs: number }> {
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    let window = this.windows.get(bucket);
    if (!window || window.start !== start || window.windowMs !== windowMs) {
      const fresh: Window = { start, windowMs, base: 0, pending: 0, loaded: Promise.resolve() };
      fresh.loaded = this.readTotal(bucket, start).then((total) => {
        fresh.base = Math.max(fresh.base, total);
      });
      this.windows.set(bucket, (window = fresh));
    }
    window.pending += 1;
    this.dirty.add(bucket);
    await window.loaded;
    return { current: window.base + window.pending, ttlMs: start + windowMs - this.now() };
  }

  /**
   * The bucket's count in the database (0 when it cannot be read: counting goes on). Reads
   * are gathered: with a per-device limit of a minute and devices heartbeating once a minute,
   * nearly every heartbeat is the first hit of its window, and one SELECT each took a pooled
   * connection per heartbeat (thousands a second, beside the alarm path). One read is in
   * flight at a time; what comes meanwhile goes in the next, so an idle server adds no delay.
   */
  private readTotal(bucket: string, start: number): Promise<number> {
    return new Promise((resolve) => {
      const key = `${start} ${bucket}`;
      const entry = this.reads.get(key) ?? { bucket, start, answers: [] };
      entry.answers.push(resolve);
      this.reads.set(key, entry);
      if (!this.reading) this.reading = this.readPending();
    });
  }

  private async readPending(): Promise<void> {
    while (this.reads.size > 0) {
      // Those that arrive in this turn of the event loop join the first read too.
      await new Promise((r) => setImmediate(r));
      const batch = [...this.reads.values()];
      this.reads.clear();
      const totals = new Map<string, number>();
      try {
        const rows = batch.map((b) => ({
          bucket: b.bucket,
          start: new Date(b.start).toISOString(),
        }));
        const result = await this.db.execute(sql`
          SELECT w.bucket, w.window_start AS start, w.hits
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(bucket text, start timestamptz)
          JOIN rate_windows w ON w.bucket = r.bucket AND w.window_start = r.start`);
        for (const row of rowsOf<{ bucket: string; start: unknown; hits: unknown }>(result))
          totals.set(
            `${new Date(row.start as string | Date).getTime()} ${row.bucket}`,
            Number(row.hits),
          );
      } catch (err) {
        this.log.warn({ err }, 'throttle: reading the shared request counts failed');
      }
      for (const b of batch)
        for (const answer of b.answers) answer(totals.get(`${b.start} ${b.bucket}`) ?? 0);
    }
    this.reading = undefined;
  }

  /** Drops what this process knows (tests start each case from zero). */
  forget(): void {
    this.windows.clear();
    this.dirty.clear();
  }

  /** Writes the pending hits and reads the totals back (one statement); never throws. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    const now = this.now();
    this.sweepExpired(now);
    const batch: Array<{ bucket: string; start: number; hits: number; window: Window }> = [];
    for (const bucket of this.dirty) {
      const window = this.windows.get(bucket);
      if (window && window.pending > 0 && window.start + window.windowMs > now)
        batch.push({ bucket, start: window.start, hits: window.pending, window });
    }
    this.dirty = new Set();
    if (batch.length === 0) return;
    const rows = batch.map((b) => ({
      bucket: b.bucket,
      start: new Date(b.start).toISOString(),
      hits: b.hits,
    }));
    try {
      const result = await this.db.execute(sql`
        INSERT INTO rate_windows AS w (bucket, window_start, hits)
        SELECT r.bucket, r.start, r.hits
        FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(bucket text, start timestamptz, hits int)
        ON CONFLICT (bucket, window_start) DO UPDATE SET hits = w.hits + excluded.hits
        RETURNING bucket, hits`);
      const totals = new Map(
        rowsOf<{ bucket: string; hits: unknown }>(result).map((r) => [r.bucket, Number(r.hits)]),
      );
      for (const { bucket, hits, window } of batch) {
        window.pending -= hits;
        window.base = totals.get(bucket) ?? window.base + hits;
      }
    } catch (err) {
      // Counting goes on in memory; the next flush writes these hits too.
      for (const { bucket } of batch) this.dirty.add(bucket);
      this.log.warn({ err }, 'throttle: writing the shared request counts failed');
    }
  }

  /** Forgets the windows that ended, walking them all at most every SWEEP_MS. */
  private sweepExpired(now: number): void {
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    for (const [bucket, window] of this.windows) {
      if (window.start + window.windowMs <= now) this.windows.delete(bucket);
    }
  }

  /** Windows long past serve no purpose. */
  async prune(): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM rate_windows WHERE window_start < now() - interval '1 hour'`,
    );
  }
}
