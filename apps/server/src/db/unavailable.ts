/**
 * Whether an error says the database cannot be reached right now (docs/hardening.md): the
 * one place that knows the drivers' connection errors. The error handler answers these 503
 * DATABASE_UNAVAILABLE with Retry-After (a device retries, an operator's console waits);
 * the alarm receivers use it to answer their units "try again" rather than "refused".
 *
 * Anything else (a constraint, a bad value, a bug) is not an outage and stays what it is.
 */

/** Node's socket errors on the way to PostgreSQL: refused, reset, unreachable, timed out. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not taking us: class 08
 * (connection exception), 57P01–57P03 (terminated by an administrator, crash shutdown,
 * cannot connect now: starting or stopping), 53300 (too many connections).
 */
const SQLSTATE_PATTERN = /^(08...|57P0[1-3]|53300)$/;

/** The drivers' own words for a lost or unobtainable connection (pg, pg-pool, PGlite). */
const MESSAGE_PATTERNS = [
  /^Connection terminated/, // pg: the socket closed under a query (…unexpectedly, …due to connection timeout)
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis
  /is not queryable/, // pg: a client whose connection failed or was closed
  /Cannot use a pool after calling end on the pool/, // pg-pool: shutting down
  /^PGlite is clos(ed|ing)$/, // PGlite: the embedded instance was closed
  /is not currently accepting connections/, // 55000: ALTER DATABASE … ALLOW_CONNECTIONS false
  /the database system is (starting up|shutting down|in recovery mode)/,
];

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

function saysUnavailable(error: ErrorShape): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (SOCKET_CODES.has(code) || SQLSTATE_PATTERN.test(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return MESSAGE_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * True when `error`, or an error it wraps (Drizzle's DrizzleQueryError keeps the driver's
 * error as `cause`; an AggregateError of a dual-stack connect lists several), is a
 * connection failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const shape = current as ErrorShape;
    if (saysUnavailable(shape)) return true;
    queue.push(shape.cause);
    if (Array.isArray(shape.errors)) queue.push(...(shape.errors as unknown[]));
  }
  return false;
}

/** How long a client should wait before retrying (seconds), sent as Retry-After. */
export const DATABASE_RETRY_AFTER_S = 1;
