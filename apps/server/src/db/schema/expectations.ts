import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';
import { devices } from './devices.js';

/**
 * What is expected of a device and when it falls due (docs/expected-events.md): one row per
 * device and kind, TEST (its next test) or CHECK_IN (the end of its next window, which starts
 * at window_start). due_at null: nothing pending. The engine claims due rows with FOR UPDATE
 * SKIP LOCKED, so each is handled by one process, once.
 */
export const expectations = pgTable(
  'expectations',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TEST', 'CHECK_IN'] }).notNull(),
    dueAt: tstz('due_at'),
    windowStart: tstz('window_start'),
    /** The window as its SOS names it: "08:00–10:00". */
    windowLabel: text('window_label'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.kind] }),
    index('expectations_due_idx')
      .on(t.dueAt)
      .where(sql`due_at IS NOT NULL`),
  ],
);

/** Every expectation missed, for the stats (checkInsMissed, testsMissed). */
export const expectationMisses = pgTable(
  'expectation_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TEST', 'CHECK_IN'] }).notNull(),
    dueAt: tstz('due_at').notNull(),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('expectation_misses_at_idx').on(t.at)],
);
