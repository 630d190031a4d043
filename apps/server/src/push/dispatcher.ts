import type { Log } from '../lib/log.js';
import type { Db } from '../db/client.js';
import {
  claimDue,
  finishDelivery,
  postponeOrigin,
  pruneExpired,
  retryDelivery,
  type ClaimedDelivery,
} from './deliveries.js';
import { fanOut } from './fan-out.js';
import { OriginBackoff, originOf } from './origins.js';
import type { SendOutcome } from './send.js';
import { dropSubscription } from './subscriptions.js';

export interface DispatcherOptions {
  /** How often the outbox and the due retries are looked at without a wake-up (ms). */
  pollMs: number;
  /** Pushes in flight at once in this process. */
  concurrency: number;
  /** How long one push may take, the answer included (ms). */
  timeoutMs: number;
}

/** 1 try + 3 retries. */
export const MAX_ATTEMPTS = 4;
const PRUNE_EVERY_MS = 60_000;
/** A local append wakes the fan-out after this long, so a burst costs one pass. */
const WAKE_COALESCE_MS = 20;

export type Sender = (delivery: ClaimedDelivery, signal: AbortSignal) => Promise<SendOutcome>;

/** When to try again, or null to give up: at most MAX_ATTEMPTS, and only while the TTL lasts. */
export function retryDelay(
  delivery: ClaimedDelivery,
  outcome: { retryAfterMs: number | null },
  now = Date.now(),
): number | null {
  if (delivery.attempts >= MAX_ATTEMPTS) return null;
  const delay = outcome.retryAfterMs ?? 1000 * 2 ** (delivery.attempts - 1);
  // A retry needs at least a second of TTL left to be worth sending.
  return now + delay + 1000 < delivery.expiresAt.getTime() ? delay : null;
}

/**
 * One per process, off every request path: the fan-out (fan-out.ts) turns new outbox events
 * into deliveries, then up to `concurrency` pushes at a time are claimed (deliveries.ts) and
 * sent, each bounded by `timeoutMs`. Nothing here is awaited by a request or by the live hub:
 * a push service that hangs holds one slot until its timeout, never an SOS or a stream.
 * Woken by this process's appends; the poll covers the other processes' events and the
 * retries that fall due.
 */
export class PushDispatcher {
  private readonly stopping = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private inFlight = new Set<Promise<void>>();
  private lastPrune = 0;
  /** Whether the next pass reads the outbox (a wake-up or the poll); a freed slot only claims. */
  private fanOutWanted = true;
  /** Whether the last fan-out found anyone subscribed. */
  private subscribed = true;
  /** Push services that did not answer: left alone for a while (push/origins.ts). */
  private readonly origins = new OriginBackoff();

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly send: Sender,
    private readonly options: DispatcherOptions,
  ) {}

  start() {
    this.timer = setInterval(() => this.tick(true), this.options.pollMs);
    this.tick(true);
  }

  async stop() {
    this.stopping.abort();
    clearInterval(this.timer);
    clearTimeout(this.wakeTimer);
    await this.running;
    await Promise.all(this.inFlight);
  }

  /** An event was appended in this process: maybe one to push. */
  onAppend() {
    // Nobody was subscribed at the last look: the poll sees a subscription stored elsewhere.
    if (!this.subscribed || this.wakeTimer || this.stopping.signal.aborted) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.tick(true);
    }, WAKE_COALESCE_MS);
  }

  /** A subscription was stored in this process: its appends wake the fan-out again. */
  onSubscribed() {
    this.subscribed = true;
  }

  /** Resolves once the pass under way and the pushes in flight are over (tests). */
  async settled() {
    while (this.running || this.inFlight.size > 0) {
      await this.running;
      await Promise.all(this.inFlight);
    }
  }

  /** One pass at a time; a wake-up during one asks for one more. */
  private tick(readOutbox: boolean) {
    if (readOutbox) this.fanOutWanted = true;
    if (this.stopping.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => {
        if (!this.stopping.signal.aborted)
          this.log.warn({ err }, 'push: pass failed, retrying on the next poll');
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.tick(false);
        }
      });
  }

  private async pass() {
    if (this.fanOutWanted) {
      this.fanOutWanted = false;
      this.subscribed = (await fanOut(this.db)).subscribed;
    }
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await pruneExpired(this.db);
    }
    // No subscription, no delivery (they go with it): nothing to claim.
    if (this.subscribed) await this.fill();
  }

  /** Claims as many due deliveries as there are free slots, and sends them. */
  private async fill() {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0 || this.stopping.signal.aborted) return;
    // The lease outlasts the send's timeout, so no other process takes a delivery being sent.
    const leaseS = Math.ceil(this.options.timeoutMs / 1000) + 30;
    for (const delivery of await claimDue(this.db, free, leaseS, this.origins.blocked())) {
      const sent: Promise<void> = this.deliver(delivery).finally(() => {
        this.inFlight.delete(sent);
        // A slot is free: more may be due.
        this.tick(false);
      });
      this.inFlight.add(sent);
    }
  }

  private async deliver(delivery: ClaimedDelivery) {
    try {
      const outcome = await this.send(delivery, this.stopping.signal);
      await this.record(delivery, outcome);
    } catch (err) {
      this.log.warn({ err, subscriptionId: delivery.subscriptionId }, 'push: delivery failed');
    }
  }

  private async record(delivery: ClaimedDelivery, outcome: SendOutcome) {
    const who = { subscriptionId: delivery.subscriptionId, attempt: delivery.attempts };
    const origin = originOf(delivery.endpoint);
    // No answer at all: the whole push service waits, not only this delivery.
    const unreachable =
      outcome.kind === 'retry' && outcome.status === null && !this.stopping.signal.aborted;
    let originWaitMs = 0;
    if (unreachable) {
      // The sends already under way when it was marked fail together: one postponement.
      const marked = this.origins.blocked().includes(origin);
      originWaitMs = this.origins.unreachable(origin);
      if (!marked) await postponeOrigin(this.db, origin, originWaitMs);
    } else this.origins.answered(origin);
    if (outcome.kind === 'sent') return finishDelivery(this.db, delivery.id);
    if (outcome.kind === 'gone') {
      this.log.info(who, 'push: the push service dropped a subscription, removing it');
      return dropSubscription(this.db, delivery.subscriptionId);
    }
    if (outcome.kind === 'failed') {
      this.log.warn(
        { ...who, status: outcome.status },
        'push: refused by the push service, not retried',
      );
      return finishDelivery(this.db, delivery.id);
    }
    // Stopping: back to the queue at once, for whichever process runs next.
    if (this.stopping.signal.aborted) return retryDelivery(this.db, delivery.id, 0);
    const delay = retryDelay(delivery, outcome);
    if (delay === null) {
      this.log.warn(
        { ...who, status: outcome.status },
        'push: given up after retries or past its TTL',
      );
      return finishDelivery(this.db, delivery.id);
    }
    return retryDelivery(this.db, delivery.id, Math.max(delay, originWaitMs));
  }
}
