import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['SUPER_ADMIN', 'EMPLOYEE'] }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Opaque refresh tokens, stored hashed; a family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    rotatedAt: tstz('rotated_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * One login, from its first token to its end: its refresh tokens rotate within it (their
 * family_id is its id) and its access tokens carry its id (claim `sid`), so ending it
 * (logout, a password or role change) refuses them at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Devices are deleted softly: the history keeps their names. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    serial: text('serial').notNull().unique(),
    displayName: text('display_name').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at'),
    deletedAt: tstz('deleted_at'),
  },
);

export const sos = pgTable(
  'sos',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    state: text('state', { enum: ['OPEN', 'CLOSED'] }).notNull().default('OPEN'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    closedAt: tstz('closed_at'),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the user is deleted, so the history still says who closed it. */
    closedByUsername: text('closed_by_username'),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    // The database itself guarantees at most one open SOS per device.
    uniqueIndex('sos_one_open_per_device').on(t.deviceId).where(sql`state = 'OPEN'`),
    uniqueIndex('sos_idempotency_key')
      .on(t.deviceId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('sos_closed_at_idx').on(t.closedAt.desc()).where(sql`state = 'CLOSED'`),
  ],
);

/** Key/value settings: the device API key, the generated JWT secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Outbox of live events: written in the same transaction as the change, then NOTIFYed. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  /** The event's JSON, serialized once when written and sent as is to every stream. */
  data: text('data').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/**
 * Failed authentications (DESIGN §7), for the throttles every server process shares: a
 * wrong password (with the username tried, lower case), a wrong device API key, a bearer
 * token that does not verify. Only failures are written: a success costs nothing here.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['login', 'api_key', 'token'] }).notNull(),
    address: text('address').notNull(),
    username: text('username'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [
    index('auth_failures_address_idx').on(t.kind, t.address, t.at),
    index('auth_failures_pair_idx').on(t.username, t.address, t.at).where(sql`username IS NOT NULL`),
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

export const schema = {
  users,
  sessions,
  refreshTokens,
  devices,
  sos,
  settings,
  events,
  authFailures,
  throttlePaces,
  rateWindows,
};
export type Schema = typeof schema;
