import { z } from 'zod';
import { decimalInteger, idSchema } from './common.js';
import { sosSchema } from './device.js';
import { sosOutcomeSchema } from './alarm.js';
import { SOS_OUTCOMES } from './limits.js';
import { ALARM_KINDS, alarmKindSchema } from './kinds.js';
import { isQueryDateInRange, QUERY_DATE_RANGE_MESSAGE } from './dates.js';
import { exportQueryShape } from './export-query.js';

/** Most SOS one history page holds (docs/contract.md "Reports and history"). */
export const HISTORY_MAX_LIMIT = 500;
export const HISTORY_DEFAULT_LIMIT = 20;
/** Days the stats default to: the 7 ending today (docs/alarm-handling.md "Reports"). */
export const STATS_DEFAULT_DAYS = 7;
/** Longest range a report covers, so byDay stays bounded. */
export const REPORT_MAX_DAYS = 3_700;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dayOrInstant = z.iso.datetime({ offset: true }).or(z.iso.date());

/**
 * A range bound: an ISO 8601 instant, or a day YYYY-MM-DD meaning that day's start (from) or
 * end (to) in the server's TZ. Ranges are half-open: [from, to). Either lies within the query
 * dates' bounds (dates.ts), so no value out of range reaches the database.
 */
export const reportBoundSchema = z.string().superRefine((value, ctx) => {
  if (!dayOrInstant.safeParse(value).success) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 instant or a date YYYY-MM-DD' });
  } else if (!isQueryDateInRange(value)) {
    ctx.addIssue({ code: 'custom', message: QUERY_DATE_RANGE_MESSAGE });
  }
});
export const isReportDay = (value: string) => DAY_PATTERN.test(value);

export const reportRangeQuerySchema = z.object({
  from: reportBoundSchema.optional(),
  to: reportBoundSchema.optional(),
});
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

/** Seconds with one decimal, or null where there is no data. */
const secondsSchema = z.number().nonnegative().nullable();
/** A percentage 0–100 with one decimal, or null with no SOS. */
const pctSchema = z.number().min(0).max(100).nullable();

export const sosStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  acknowledged: z.number().int().nonnegative(),
  ackWithinTargetPct: pctSchema,
  ackWithin180sPct: pctSchema,
  medianAckSeconds: secondsSchema,
  p90AckSeconds: secondsSchema,
  medianCloseSeconds: secondsSchema,
  /** Closed without anyone ever taking charge (docs/alarm-handling.md "Close policy"). */
  closedWithoutAck: z.number().int().nonnegative(),
  byOutcome: z.record(sosOutcomeSchema, z.number().int().nonnegative()),
  /** Every kind, 0 when none was raised (docs/alarm-kinds.md). */
  byKind: z.record(alarmKindSchema, z.number().int().nonnegative()),
  byDay: z.array(
    z.object({
      day: z.iso.date(),
      total: z.number().int().nonnegative(),
      medianAckSeconds: secondsSchema,
      ackWithinTargetPct: pctSchema,
    }),
  ),
  byOperator: z.array(
    z.object({
      username: z.string(),
      acknowledged: z.number().int().nonnegative(),
      closed: z.number().int().nonnegative(),
      medianAckSeconds: secondsSchema,
    }),
  ),
  /** Calls logged on the SOS raised in the range ÷ those SOS, one decimal; null with no SOS. */
  callsPerSos: z.number().nonnegative().nullable(),
  /** ANSWERED CONTACT calls ÷ CONTACT calls on those SOS, 0–100 one decimal; null with none. */
  contactReachedPct: pctSchema,
  /** Check-in windows that ended with no check-in, in the range (docs/expected-events.md). */
  checkInsMissed: z.number().int().nonnegative(),
  /** Periodic tests found missing, in the range. */
  testsMissed: z.number().int().nonnegative(),
});
export type SosStats = z.infer<typeof sosStatsSchema>;
export type SosStatsDay = SosStats['byDay'][number];
export type SosStatsOperator = SosStats['byOperator'][number];
export const emptyOutcomeCounts = (): Record<(typeof SOS_OUTCOMES)[number], number> =>
  Object.fromEntries(SOS_OUTCOMES.map((o) => [o, 0])) as Record<
    (typeof SOS_OUTCOMES)[number],
    number
  >;

export const emptyKindCounts = (): Record<(typeof ALARM_KINDS)[number], number> =>
  Object.fromEntries(ALARM_KINDS.map((k) => [k, 0])) as Record<
    (typeof ALARM_KINDS)[number],
    number
  >;

/** The history's outcome filter for SOS closed without one ("Non indicato", docs/alarm-handling.md). */
export const NO_OUTCOME_FILTER = 'NONE';

/** Filters shared by the paged history and its CSV export; outcome NONE: closed without one. */
export const historyFilterQuerySchema = reportRangeQuerySchema.extend({
  outcome: z
    .enum([...SOS_OUTCOMES, NO_OUTCOME_FILTER], {
      error: `must be one of ${[...SOS_OUTCOMES, NO_OUTCOME_FILTER].join(', ')}`,
    })
    .optional(),
  deviceId: idSchema.optional(),
  /** One SOS by its id: the audit log's "SOS #id" opens it (docs/audit.md). */
  sosId: idSchema.optional(),
});
export type HistoryFilterQuery = z.infer<typeof historyFilterQuerySchema>;
/** GET /api/sos/history.csv: the filters, and how to write it (export-labels.ts). */
export const historyCsvQuerySchema = historyFilterQuerySchema.extend(exportQueryShape);

/** A page's size, 1–500 (default 20), in decimal digits: the history's and the audit log's. */
export const pageLimitSchema = decimalInteger(
  z
    .number({ error: `must be an integer from 1 to ${HISTORY_MAX_LIMIT}` })
    .int(`must be an integer from 1 to ${HISTORY_MAX_LIMIT}`)
    .min(1, `must be an integer from 1 to ${HISTORY_MAX_LIMIT}`)
    .max(HISTORY_MAX_LIMIT, `must be an integer from 1 to ${HISTORY_MAX_LIMIT}`),
).default(HISTORY_DEFAULT_LIMIT);

export const historyQuerySchema = historyFilterQuerySchema.extend({
  limit: pageLimitSchema,
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** A history row: the SOS and how many calls were logged while handling it (docs/call-out.md). */
export const historyItemSchema = sosSchema.extend({
  calls: z.number().int().nonnegative().describe('How many calls were logged on this SOS'),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyPageSchema = z.object({
  items: z.array(historyItemSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many closed SOS match the filters (all pages). */
  total: z.number().int().nonnegative(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** The CSV export's header row (docs/alarm-handling.md). */
export const HISTORY_CSV_COLUMNS = [
  'id',
  'device',
  'kind',
  'raised',
  'acknowledged',
  'acknowledgedBy',
  'escalated',
  'closed',
  'closedBy',
  'outcome',
  'note',
  'calls',
] as const;
