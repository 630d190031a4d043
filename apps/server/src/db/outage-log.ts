import type { FastifyBaseLogger } from 'fastify';

/** How often a down database is asked whether it is back, to say so in the log. */
const PROBE_INTERVAL_MS = 500;

/**
 * A database outage in the log as two lines (docs/hardening.md): one when the first request
 * is answered 503, one when the database answers again, with how many requests were answered
 * 503 meanwhile. Not one per request: an outage under load drew ~540 error lines in 10 s.
 */
export class OutageLog {
  private answered = 0;
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly ping: () => Promise<unknown>,
    private readonly intervalMs = PROBE_INTERVAL_MS,
  ) {}

  /** A request was answered 503 DATABASE_UNAVAILABLE; `dbCode` is the driver's code, never its message. */
  answered503(dbCode: unknown): void {
    this.answered += 1;
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.warn({ dbCode }, 'database unavailable: answering 503 until it is back');
    this.watch();
  }

  private watch(): void {
    this.timer = setTimeout(() => {
      this.ping().then(
        () => {
          this.log.info(
            { answered503: this.answered, downMs: Date.now() - (this.since ?? Date.now()) },
            'database back',
          );
          this.answered = 0;
          this.since = null;
          this.timer = null;
        },
        () => this.watch(),
      );
    }, this.intervalMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
