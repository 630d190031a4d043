export interface BatcherOptions {
  /** Batches written at once at most (each holds one pooled connection). */
  maxInFlight?: number;
  /** Items in one batch at most. */
  maxBatch?: number;
}

interface Waiting<I, O> {
  item: I;
  // Properties, not methods: a Promise's own resolve and reject, passed on unbound.
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for a hot write (one commit per call capped bench ingest): concurrent calls are written
 * together, one statement and one commit per batch, instead of one each. Nothing waits for a
 * timer: a call goes out on the next turn of the event loop when a batch slot is free (alone
 * on an idle server, so no latency is added), and while maxInFlight batches are being written
 * the next batch simply grows. Every caller is answered only once its own batch is written.
 * A batch that fails is retried item by item (a batch of one each), so one bad item (or a
 * deadlock, a lost connection) fails only its own caller, never the others silently. Two items with the
 * same key never share a batch (the later waits for the next one), so a batch statement never
 * sees one row twice.
 */
export class Batcher<I, O> {
  private queue: Array<Waiting<I, O>> = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private idle: Array<() => void> = [];
  /** Batch statements written so far (for tests and benches). */
  batches = 0;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly keyOf: (item: I) => unknown,
    options: BatcherOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 2;
    this.maxBatch = options.maxBatch ?? 100;
  }

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or being written (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0)
      await new Promise<void>((r) => this.idle.push(r));
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // setImmediate: the requests read in the same poll of the event loop join this batch.
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < this.maxInFlight && this.queue.length > 0)
        void this.writeBatch(this.take());
    });
  }

  /** The oldest queued items, at most maxBatch, one per key; the rest keep their order. */
  private take(): Array<Waiting<I, O>> {
    const batch: Array<Waiting<I, O>> = [];
    const keys = new Set<unknown>();
    const rest: Array<Waiting<I, O>> = [];
    for (const waiting of this.queue) {
      const key = this.keyOf(waiting.item);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else rest.push(waiting);
    }
    this.queue = rest;
    return batch;
  }

  private async writeBatch(batch: Array<Waiting<I, O>>) {
    this.inFlight++;
    this.batches++;
    try {
      const results = await this.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch {
      // The batch rolled back as a whole: each item is retried on its own, with its own outcome.
      await Promise.all(
        batch.map((w) => this.write([w.item]).then(([result]) => w.resolve(result!), w.reject)),
      );
    } finally {
      this.inFlight--;
      this.schedule();
      if (this.inFlight === 0 && this.queue.length === 0)
        for (const wake of this.idle.splice(0)) wake();
    }
  }
}
