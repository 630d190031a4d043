import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

type FailureKind = 'login' | 'api_key' | 'token';

/** How many recent failures a counter holds, and when the oldest of them leaves the window. */
export interface FailureCount {
  count: number;
  /** Seconds until the oldest counted failure leaves the window (≥ 1). */
  retryAfterS: number;
}

export interface FailureScope {
  kind: FailureKind;
  address: string;
  /** Login only: the (lower-case) username, for the per-(username, address) counter. */
  username?: string;
  windowS: number;
}

// Database time, so every server process sees the same window.
const since = (windowS: number) => sql`now() - make_interval(secs => ${windowS})`;

function scopeWhere(scope: FailureScope): SQL {
  const who =
    scope.username === undefined
      ? sql`kind = ${scope.kind} AND address = ${scope.address}`
      : sql`username = ${scope.username} AND address = ${scope.address}`;
  return sql`${who} AND at > ${since(scope.windowS)}`;
}

function toCount(row: { n?: unknown; retry?: unknown } | undefined, windowS: number): FailureCount {
  const retry = Number(row?.retry ?? 1);
  return {
    count: Number(row?.n ?? 0),
    retryAfterS: Number.isFinite(retry) ? Math.min(Math.max(1, Math.ceil(retry)), windowS) : 1,
  };
}

const countColumns = (windowS: number) =>
  sql`count(*)::int AS n, extract(epoch from (min(at) + make_interval(secs => ${windowS}) - now())) AS retry`;

/** The failures of a scope within its window. */
export async function countFailures(db: Tx, scope: FailureScope): Promise<FailureCount> {
  const result = await db.execute(
    sql`SELECT ${countColumns(scope.windowS)} FROM auth_failures WHERE ${scopeWhere(scope)}`,
  );
  return toCount(rowsOf<{ n: unknown; retry: unknown }>(result)[0], scope.windowS);
}

export async function insertFailure(db: Tx, scope: FailureScope): Promise<void> {
  await db.execute(
    sql`INSERT INTO auth_failures (kind, address, username) VALUES (${scope.kind}, ${scope.address}, ${scope.username ?? null})`,
  );
}

/**
 * One failure more, in ONE statement: counts the scope's recent failures and records this
 * one unless the limit is already reached (a refused attempt records nothing, so hammering
 * does not extend the block and the table stays small). Answers the count BEFORE it.
 */
export async function addFailure(
  db: Tx,
  scope: FailureScope,
  limit: number,
): Promise<FailureCount> {
  const result = await db.execute(sql`
    WITH recent AS (SELECT ${countColumns(scope.windowS)} FROM auth_failures WHERE ${scopeWhere(scope)}),
    added AS (
      INSERT INTO auth_failures (kind, address, username)
      SELECT ${scope.kind}, ${scope.address}, ${scope.username ?? null}::text FROM recent WHERE n < ${limit}
    )
    SELECT n, retry FROM recent`);
  return toCount(rowsOf<{ n: unknown; retry: unknown }>(result)[0], scope.windowS);
}

/** Forgets a login pair's failures (the user proved he knows the password). */
export async function clearPairFailures(db: Tx, username: string, address: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM auth_failures WHERE username = ${username} AND address = ${address}`,
  );
}

/** Failures older than every window serve no purpose. */
export async function pruneFailures(db: Tx, olderThanS: number): Promise<void> {
  await db.execute(sql`DELETE FROM auth_failures WHERE at < ${since(olderThanS)}`);
}
