import { bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/** Outbox of live events: written in the same transaction as the change, then NOTIFYed. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  /** The event's JSON, serialized once when written and sent as is to every stream. */
  data: text('data').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
