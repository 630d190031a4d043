/**
 * Timers and running tasks of a simulation, so that stopping it clears every pending
 * timer and waits for the calls already on the wire (their answers still count).
 */
export class Runner {
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly wakers = new Set<() => void>();

  constructor(private readonly onFailure: (err: unknown) => void) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Runs a task now; a failure it does not handle goes to onFailure. */
  run(task: () => Promise<void>): void {
    if (this.stopped) return;
    const promise: Promise<void> = task()
      .catch(this.onFailure)
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Runs a task after some seconds, unless the simulation stops first. */
  later(seconds: number, task: () => Promise<void>): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.run(task);
      },
      Math.max(0, seconds * 1000),
    );
    this.timers.add(timer);
  }

  /** Waits some seconds; resolves false at once if the simulation stops meanwhile. */
  sleep(seconds: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve(!this.stopped);
      };
      const timer = setTimeout(wake, seconds * 1000);
      this.wakers.add(wake);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.wakers]) wake();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}

/** Runs work over items with at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
