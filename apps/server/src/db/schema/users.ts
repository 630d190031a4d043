import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

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
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
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
    /** Why it ended (auth/sessions.ts SessionEndReason); null while it lives (migration 0015). */
    endReason: text('end_reason', { enum: ['SIGNED_OUT', 'ACCOUNT_CHANGED', 'TOKEN_REUSED'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
