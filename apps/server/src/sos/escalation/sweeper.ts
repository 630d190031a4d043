import type { Log } from '../../lib/log.js';
import type { Db } from '../../db/client.js';
import { DueService } from '../../lib/due-service.js';
import { escalateOldestDue, msToNextDeadline } from './repository.js';

export interface SweeperOptions {
  /** Longest sleep: how soon a deadline another process learnt of is seen here. */
  pollMs: number;
  /** Escalations per round before yielding to the event loop. */
  batch?: number;
}

/** Waking for a new SOS waits this long, so a burst of raises costs one read. */
const WAKE_COALESCE_MS = 100;

/**
 * One per process; nothing per SOS. Its loop (lib/due-loop.ts) sleeps until the nearest
 * escalation deadline the database holds (never longer than pollMs), then escalates
 * everything overdue, each with a conditional UPDATE that only one process can win
 * (repository.ts), and reads the next deadline. A deadline that passed while no process ran
 * escalates on start. Woken early by this process's raises (a first deadline) and by a
 * changed target (wake()).
 */
export class EscalationSweeper extends DueService {
  constructor(
    private readonly db: Db,
    log: Log,
    private readonly options: SweeperOptions,
  ) {
    super(log, { pollMs: options.pollMs, name: 'escalation' });
  }

  /**
   * An event was appended here (maybe a new SOS). A new SOS's deadline comes after every one
   * already pending, so this only matters when none was: a burst of raises costs one read.
   */
  onAppend() {
    if (!this.loop.pending) this.loop.schedule(WAKE_COALESCE_MS);
  }

  /** A sweep now, resolved once it is over (tests: a deadline they just moved). */
  sweepNow() {
    return this.loop.roundAfter();
  }

  /** Escalates what is overdue; answers ms to the next deadline (null: none pending). */
  protected async sweep(): Promise<number | null> {
    const batch = this.options.batch ?? 100;
    for (let i = 0; i < batch && !this.loop.isStopped; i++) {
      if (!(await escalateOldestDue(this.db))) break;
    }
    if (this.loop.isStopped) return null;
    // A few ms past the deadline, so the database's clock has passed it too.
    const ms = await msToNextDeadline(this.db);
    return ms === null ? null : ms + 5;
  }
}
