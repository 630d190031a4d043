import type { Log } from './log.js';

export interface DueLoopOptions {
  /** Longest sleep: how soon work another process scheduled is seen here. */
  pollMs: number;
  /** Who logs a failed round ("escalation", "expectations"). */
  name: string;
}

/** Shortest sleep: a due row another process holds is retried this soon. */
const MIN_SLEEP_MS = 50;

/**
 * The loop of the durable timers (sos/escalation/sweeper.ts, expectations/engine.ts): run a
 * round, which handles what is due and answers ms to the next due time the database holds
 * (null: none pending), then sleep that long, never longer than pollMs. Rounds never overlap;
 * a wake during one runs another right after. No state lives here that a restart would lose:
 * start() runs a round at once, so whatever fell due while no process ran is handled then.
 */
export class DueLoop {
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (ms since epoch). */
  private firesAt = Infinity;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** Rounds started so far; roundAfter() waits for the end of a later one. */
  private started = 0;
  private waiters: Array<{ round: number; resolve: () => void }> = [];
  /** Whether the last round found something pending. */
  pending = false;

  constructor(
    private readonly round: () => Promise<number | null>,
    private readonly log: Log,
    private readonly options: DueLoopOptions,
  ) {}

  get isStopped() {
    return this.stopped;
  }

  start() {
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }

  /**
   * A round now, resolved once a round that started after this call is over: what a caller
   * needs who has just changed what is due (a test). settled() alone cannot say it: a round
   * asked for may not have started yet on a busy event loop.
   */
  roundAfter(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const round = this.started + 1;
    this.schedule(0);
    return new Promise((resolve) => this.waiters.push({ round, resolve }));
  }

  /** Resolves once the round under way, if any, is over. */
  async settled() {
    while (this.running) await this.running;
  }

  /** A round in `delayMs`, unless one is already set to come sooner. */
  schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.running) {
      if (delayMs === 0) this.again = true;
      return;
    }
    const at = Date.now() + delayMs;
    if (at >= this.firesAt && this.timer) return;
    clearTimeout(this.timer);
    this.firesAt = at;
    this.timer = setTimeout(() => this.run(), delayMs);
    // The server's listeners keep the process alive, not a timer.
    this.timer.unref();
  }

  private run() {
    this.timer = undefined;
    this.firesAt = Infinity;
    const round = ++this.started;
    const done = this.roundLogged();
    this.running = done.then(() => {
      this.running = undefined;
      const over = this.waiters.filter((w) => w.round <= round);
      this.waiters = this.waiters.filter((w) => w.round > round);
      for (const waiter of over) waiter.resolve();
    });
    void done.then((next) => {
      this.pending = next !== null;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      } else {
        const { pollMs } = this.options;
        this.schedule(next === null ? pollMs : Math.min(Math.max(next, MIN_SLEEP_MS), pollMs));
      }
    });
  }

  /** A failed round is logged and retried on the next poll. */
  private async roundLogged(): Promise<number | null> {
    try {
      return await this.round();
    } catch (err) {
      if (!this.stopped)
        this.log.warn({ err }, `${this.options.name}: sweep failed, retrying on the next poll`);
      return null;
    }
  }
}
