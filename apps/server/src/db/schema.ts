import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
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

/** Failed logins by username, for throttling across every server process. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_at_idx').on(t.username, t.at)],
);

export const schema = { users, refreshTokens, devices, sos, settings, events, loginFailures };
export type Schema = typeof schema;
