import { z } from 'zod';
import { exportQueryShape } from './export-query.js';
import { isoDateSchema } from './common.js';
import { pageLimitSchema, reportRangeQuerySchema } from './reporting.js';

/**
 * Every human action the audit log records (docs/audit.md). Device-originated changes are
 * in the SOS timeline and the device events instead.
 */
export const AUDIT_ACTIONS = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGOUT',
  'USER_CREATED',
  'USER_UPDATED',
  'USER_DELETED',
  'API_KEY_CHANGED',
  'ALARM_CONF_CHANGED',
  'DEVICE_DELETED',
  'DEVICE_RESTORED',
  'DEVICE_PURGED',
  'DEVICE_RENAMED',
  /** supervisionSeconds / testIntervalHours changed: `{before, after}` of the keys changed (numbers, never personal). */
  'DEVICE_SUPERVISION_CHANGED',
  'PROFILE_VIEWED',
  'PROFILE_UPDATED',
  'SOS_ACKNOWLEDGED',
  'SOS_TAKEN_OVER',
  'SOS_NOTE_ADDED',
  'SOS_CALL_LOGGED',
  /** A call answered or placed by an operator through voice: `{sosId, direction, to}`, never a number. */
  'VOICE_CALL',
  'SOS_CLOSED',
  'TECHNICAL_ALARM_DISMISSED',
  'HISTORY_EXPORTED',
  'AUDIT_EXPORTED',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS, {
  error: `must be one of ${AUDIT_ACTIONS.join(', ')}`,
});
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_TARGET_TYPES = ['USER', 'DEVICE', 'SOS', 'CONF'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** USER, DEVICE and SOS are numbered; CONF names the setting (`apiKey` or `alarm`). */
export const auditTargetSchema = z.object({
  type: z.enum(AUDIT_TARGET_TYPES),
  id: z.union([z.number().int(), z.string()]),
  label: z.string(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/**
 * What a record says beyond who, what and whom: never a value that is secret or personal.
 * `fields` (names only), `before`/`after` (alarm settings), `filters` (exports),
 * `usernameHash` (an unknown username's keyed hash).
 */
export const auditDetailsSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditItemSchema = z.object({
  id: z.number().int().positive(),
  at: isoDateSchema,
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  address: z.string().nullable(),
  action: auditActionSchema,
  target: auditTargetSchema.nullable(),
  details: auditDetailsSchema,
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

/** Filters shared by the paged log and its CSV export; `actor` is a username, any case. */
export const auditFilterQuerySchema = reportRangeQuerySchema.extend({
  actor: z.string().trim().min(1).max(120).optional(),
  action: auditActionSchema.optional(),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuerySchema>;
/** GET /api/audit.csv: the filters, and how to write it (export-query.ts). */
export const auditCsvQuerySchema = auditFilterQuerySchema.extend(exportQueryShape);

/** Paged like the history: limit 1–500 (default 20), an opaque cursor. */
export const auditQuerySchema = auditFilterQuerySchema.extend({
  limit: pageLimitSchema,
  cursor: z.string().min(1).max(200).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many records match the filters (all pages). */
  total: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The chain re-checked: `firstBadId` is the first record whose hash or link is wrong. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number().int().nonnegative(),
  firstBadId: z.number().int().positive().nullable(),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;

/** The CSV export's header row. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'address',
  'action',
  'targetType',
  'targetId',
  'targetLabel',
  'details',
] as const;
