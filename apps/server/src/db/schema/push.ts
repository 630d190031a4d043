import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/** Web Push subscriptions (docs/push.md): one per browser, owned by the user who made it last. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    // References users(id) ON DELETE CASCADE (migration 0009); not declared here, so this
    // file needs nothing from schema.ts, which re-exports it.
    userId: integer('user_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** One row: the last outbox event the push fan-out has claimed (push/fan-out.ts). */
export const pushCursor = pgTable('push_cursor', {
  id: smallint('id').primaryKey().default(1),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
});

/** One per pushed event: what every subscription gets, and until when it is worth sending. */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull().unique(),
    topic: text('topic').notNull(),
    payload: text('payload').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('push_messages_expires_idx').on(t.expiresAt)],
);

/** One per (message, subscription); next_attempt_at is also the lease of the process sending it. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => pushMessages.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_deliveries_message_subscription_unique').on(t.messageId, t.subscriptionId),
    index('push_deliveries_due_idx').on(t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);
