import type { Log } from '../lib/log.js';
import type { Db } from '../db/client.js';
import { claimDue, msToNextDue } from './claim.js';
import { handleDue, type PendingEvent } from './handle.js';

export interface EngineOptions {
  /** The zone check-in windows are in (TZ). */
  zone: string;
  /** Longest sleep: how soon an expectation another process scheduled is seen here. */
  pollMs: number;
  /** Expectations per transaction. */
  batch?: number;
}

/** Shortest sleep: a due row another process holds is retried this soon. */
const MIN_SLEEP_MS = 50;
/** Past due by this much on the database's clock before the engine wakes for it. */
const SLACK_MS = 5;

/**
 * The expected-events engine (docs/expected-events.md), one per process, nothing per device:
 * it sleeps until the nearest due time the database holds (never longer than pollMs), then
 * claims what is due in batches, each handled in its claiming transaction (claim.ts, handle.ts)
 * so that a raise and the claim that prevents a second one commit together. No state lives
 * here that a restart would lose: on start it sweeps at once, so whatever fell due while no
 * process ran is handled then, late, and says so.
 */
export class ExpectationEngine {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: EngineOptions,
  ) {}

  start() {
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sweep now: an expectation was scheduled or changed here, or a test needs it. */
  wake() {
    this.schedule(0);
  }

  /** Resolves once the sweep under way, if any, is over. */
  async settled() {
    while (this.running) await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.running) {
      if (delayMs === 0) this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private run() {
    this.timer = undefined;
    const swept = this.sweepLogged();
    this.running = swept.then(() => {
      this.running = undefined;
    });
    void swept.then((next) => {
      if (this.again) {
        this.again = false;
        this.schedule(0);
      } else
        this.schedule(
          next === null
            ? this.options.pollMs
            : Math.min(Math.max(next, MIN_SLEEP_MS), this.options.pollMs),
        );
    });
  }

  /** The timer's sweep: a failure is logged and retried on the next poll. */
  private async sweepLogged(): Promise<number | null> {
    try {
      return await this.sweep();
    } catch (err) {
      if (!this.stopped)
        this.log.warn({ err }, 'expectations: sweep failed, retrying on the next poll');
      return null;
    }
  }

  /**
   * Handles what is due now, beside any sweep under way (the row locks keep them apart);
   * answers ms to the next due time (null: none pending). Throws what fails (tests call it).
   */
  async sweep(): Promise<number | null> {
    const batch = this.options.batch ?? 50;
    for (;;) {
      if (this.stopped) return null;
      const handled = await this.db.transaction(async (tx) => {
        const due = await claimDue(tx, batch);
        const pending: PendingEvent[] = [];
        for (const row of due) await handleDue(tx, row, this.options.zone, pending);
        for (const append of pending) await append(tx);
        return due.length;
      });
      if (handled < batch) break;
    }
    const ms = await msToNextDue(this.db);
    return ms === null ? null : ms + SLACK_MS;
  }
}
