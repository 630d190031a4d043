import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

// The throttles' tables (docs/security.md), shared by every server process.

/**
 * Failed authentications (docs/security.md), for the throttles every server process shares: a
 * wrong password (with the username tried, lower case), a wrong device API key, a bearer
 * token that does not verify. Only failures are written: a success costs nothing here.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['login', 'api_key', 'token'] }).notNull(),
    address: text('address').notNull(),
    /** Login failures: the HMAC of the username (audit/username-hash.ts), never the typed text. */
    username: text('username'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('auth_failures_address_idx').on(t.kind, t.address, t.at),
    index('auth_failures_pair_idx')
      .on(t.username, t.address, t.at)
      .where(sql`username IS NOT NULL`),
  ],
);

/** When each throttled address may get its next answer: paced clients are served one a second. */
export const throttlePaces = pgTable(
  'throttle_paces',
  {
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    nextAt: tstz('next_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.address] })],
);

/** Request counts per fixed time window and bucket (a user, an address, a device serial). */
export const rateWindows = pgTable(
  'rate_windows',
  {
    bucket: text('bucket').notNull(),
    windowStart: tstz('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
