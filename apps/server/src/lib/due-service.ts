import type { Log } from './log.js';
import { DueLoop, type DueLoopOptions } from './due-loop.js';

/**
 * A durable timer of one process (sos/escalation/sweeper.ts, expectations/engine.ts): its
 * loop (due-loop.ts) runs the subclass's sweep, which handles what is due and answers ms to
 * the next due time the database holds (null: none pending).
 */
export abstract class DueService {
  protected readonly loop: DueLoop;

  constructor(log: Log, options: DueLoopOptions) {
    this.loop = new DueLoop(() => this.sweep(), log, options);
  }

  protected abstract sweep(): Promise<number | null>;

  start() {
    this.loop.start();
  }

  stop() {
    return this.loop.stop();
  }

  /** Sweep now: something due here changed (a target, a schedule), or a test needs it. */
  wake() {
    this.loop.schedule(0);
  }

  /** Resolves once the sweep under way, if any, is over. */
  settled() {
    return this.loop.settled();
  }
}
