import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.js';

/**
 * The audit log (docs/audit.md): one row per human action, written in the action's
 * transaction, chained by hash. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * The actor and the target are copied (no foreign keys): a record outlives whom it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    /** Text: CONF targets are named (`apiKey`, `alarm`); the others are numbers. */
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown> | null>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(sql`lower(${t.actorUsername})`, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);
