import type { Log } from '../../lib/log.js';
import type { Db } from '../../db/client.js';
import { escalateOldestDue, msToNextDeadline } from './repository.js';

export interface SweeperOptions {
  /** Longest sleep: how soon a deadline another process learnt of is seen here. */
  pollMs: number;
  /** Escalations per round before yielding to the event loop. */
  batch?: number;
}

/** Shortest sleep: a deadline passed whose SOS is locked (being taken or escalated) retries soon. */
const MIN_SLEEP_MS = 50;
/** Waking for a new SOS waits this long, so a burst of raises costs one read. */
const WAKE_COALESCE_MS = 100;

/**
 * One per process; nothing per SOS. It sleeps until the nearest escalation deadline the
 * database holds (never longer than pollMs), then escalates everything overdue, each with a
 * conditional UPDATE that only one process can win (repository.ts), and reads the next
 * deadline. No state lives here that a restart would lose: on start it sweeps at once, so a
 * deadline that passed while no process ran escalates then. Woken early by this process's
 * raises (a first deadline) and by a changed target (wake()).
 */
export class EscalationSweeper {
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires (ms since epoch). */
  private firesAt = Infinity;
  /** Whether the last read found an SOS pending (so a newer one's deadline comes later). */
  private pending = false;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: SweeperOptions,
  ) {}

  start() {
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Sweep now: the target changed, or a caller needs it (tests). */
  wake() {
    this.schedule(0);
  }

  /**
   * An event was appended here (maybe a new SOS). A new SOS's deadline comes after every one
   * already pending, so this only matters when none was: a burst of raises costs one read.
   */
  onAppend() {
    if (!this.pending) this.schedule(WAKE_COALESCE_MS);
  }

  /** A sweep that is over (tests wait for it). */
  async settled() {
    while (this.running) await this.running;
  }

  private schedule(delayMs: number) {
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
  }

  private run() {
    this.timer = undefined;
    this.firesAt = Infinity;
    const swept = this.sweep();
    this.running = swept.then(() => {
      this.running = undefined;
    });
    void swept.then((next) => {
      const { pollMs } = this.options;
      this.pending = next !== null;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      } else this.schedule(next === null ? pollMs : Math.min(Math.max(next, MIN_SLEEP_MS), pollMs));
    });
  }

  /** Escalates what is overdue; answers ms to the next deadline (null: none pending or failed). */
  private async sweep(): Promise<number | null> {
    try {
      const batch = this.options.batch ?? 100;
      for (let i = 0; i < batch && !this.stopped; i++) {
        if (!(await escalateOldestDue(this.db))) break;
      }
      if (this.stopped) return null;
      // A few ms past the deadline, so the database's clock has passed it too.
      const ms = await msToNextDeadline(this.db);
      return ms === null ? null : ms + 5;
    } catch (err) {
      if (!this.stopped)
        this.log.warn({ err }, 'escalation: sweep failed, retrying on the next poll');
      return null;
    }
  }
}
