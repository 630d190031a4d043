import { pgTable, text } from 'drizzle-orm/pg-core';

/** Key/value settings: the device API key, the generated JWT secret. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
