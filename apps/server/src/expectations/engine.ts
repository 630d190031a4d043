import type { Log } from '../lib/log.js';
import type { Db } from '../db/client.js';
import { DueService } from '../lib/due-service.js';
import { claimDue, msToNextDue } from './claim.js';
import { handleDueBatch } from './handle.js';

export interface EngineOptions {
  /** The zone check-in windows are in (TZ). */
  zone: string;
  /** Longest sleep: how soon an expectation another process scheduled is seen here. */
  pollMs: number;
  /** Expectations per transaction. */
  batch?: number;
  /** Transactions at once. */
  parallel?: number;
}

/**
 * Expectations per transaction: a cliff of tens of thousands of windows is raised in a few
 * seconds, and one batch's statements stay short enough that a real alarm's raise, and its
 * live event, are not kept waiting behind them (docs/expected-events.md, "Measured").
 */
const ENGINE_BATCH = 500;
/**
 * Batches in flight at once, each in its own transaction (SKIP LOCKED keeps them apart, as
 * it keeps processes apart): one's round trips and commit overlap the other's statements.
 */
const ENGINE_PARALLEL = 2;
/** Past due by this much on the database's clock before the engine wakes for it. */
const SLACK_MS = 5;

/**
 * The expected-events engine (docs/expected-events.md), one per process, nothing per device:
 * its loop (lib/due-loop.ts) sleeps until the nearest due time the database holds (never
 * longer than pollMs), then claims what is due in batches, each handled in its claiming
 * transaction (claim.ts, handle.ts) so that a raise and the claim that prevents a second one
 * commit together. Nothing lives here that a restart would lose: whatever fell due while no
 * process ran is handled on start, late, and says so.
 */
export class ExpectationEngine extends DueService {
  constructor(
    private readonly db: Db,
    log: Log,
    private readonly options: EngineOptions,
  ) {
    super(log, { pollMs: options.pollMs, name: 'expectations' });
  }

  /**
   * Handles what is due now, beside any sweep under way (the row locks keep them apart);
   * answers ms to the next due time (null: none pending). Throws what fails (tests call it).
   */
  async sweep(): Promise<number | null> {
    const parallel = this.options.parallel ?? ENGINE_PARALLEL;
    await Promise.all(Array.from({ length: parallel }, () => this.drain()));
    if (this.loop.isStopped) return null;
    const ms = await msToNextDue(this.db);
    return ms === null ? null : ms + SLACK_MS;
  }

  /** Batch after batch until one comes short: nothing more is due (or all of it is held). */
  private async drain() {
    const batch = this.options.batch ?? ENGINE_BATCH;
    while (!this.loop.isStopped) {
      const handled = await this.db.transaction(async (tx) => {
        const due = await claimDue(tx, batch);
        await handleDueBatch(tx, due, this.options.zone);
        return due.length;
      });
      if (handled < batch) return;
    }
  }
}
