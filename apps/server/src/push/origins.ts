/**
 * Push services that did not answer at all (connection refused, no route, DNS, timeout): an
 * outage of the push service or of the centre's own internet link, which every subscription
 * on that service shares. Sending on regardless would cost, per event, one encryption, one
 * claim and one update for every subscription and every retry, on the database the alarms
 * need (docs/push.md, "A push service that cannot be reached"). So an unreachable origin is
 * left alone for a while, doubling from 1 s to a minute, and tried again; any answer, even an
 * error status, ends it. Per process; the deliveries it postpones are postponed for all.
 */
export class OriginBackoff {
  private readonly state = new Map<string, { until: number; delayMs: number }>();

  constructor(
    private readonly firstMs = 1000,
    private readonly maxMs = 60_000,
  ) {}

  /** The origins not to send to now. */
  blocked(now = Date.now()): string[] {
    return [...this.state].filter(([, s]) => s.until > now).map(([origin]) => origin);
  }

  /**
   * A send to `origin` got no answer: how long (ms) to leave it alone from now. Sends that
   * were already under way when it was blocked fail too; they do not lengthen the wait.
   */
  unreachable(origin: string, now = Date.now()): number {
    const previous = this.state.get(origin);
    if (previous && previous.until > now) return previous.until - now;
    const delayMs = previous ? Math.min(this.maxMs, previous.delayMs * 2) : this.firstMs;
    this.state.set(origin, { until: now + delayMs, delayMs });
    return delayMs;
  }

  /** `origin` answered: it is reachable again. */
  answered(origin: string): void {
    this.state.delete(origin);
  }
}

/** The origin of a push endpoint (scheme, host, port), which every subscription on it shares. */
export function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}
