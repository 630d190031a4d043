import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';

/**
 * Expected events (docs/expected-events.md): per-device supervision, periodic tests and the
 * resident's check-in windows. Whatever is expected and does not come is an alarm, once.
 */

/** Supervision per device, seconds: null means the global offlineAfterSeconds. */
export const SUPERVISION_SECONDS_MIN = 10;
export const SUPERVISION_SECONDS_MAX = 604_800;
/** What a SCAIP unit is told in `<hbi>` (seconds) is kept within these. */
export const SCAIP_HBI_MIN = 60;
export const SCAIP_HBI_MAX = 86_400;
/** Periodic test interval, hours: null means no test expected. */
export const TEST_INTERVAL_HOURS_MIN = 1;
export const TEST_INTERVAL_HOURS_MAX = 744;
/** A test is missed once the interval plus this share of it has passed with none. */
export const TEST_GRACE_FRACTION = 0.1;
export const CHECK_IN_WINDOWS_MAX = 7;
export const CHECK_IN_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type CheckInDay = (typeof CHECK_IN_DAYS)[number];

/** The check-in SOS's source (docs/expected-events.md): protocol SYSTEM, this code. */
export const CHECK_IN_SOURCE_CODE = 'CHECK_IN';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(HH_MM, 'must be a time HH:mm from 00:00 to 23:59');

/** One window in the server's TZ: on these days, a check-in is expected between from and to. */
export const checkInWindowSchema = z
  .object({
    days: z
      .array(z.enum(CHECK_IN_DAYS, { error: `must be one of ${CHECK_IN_DAYS.join(', ')}` }))
      .min(1, 'must name at least one day')
      .max(7, 'must name each day at most once')
      .refine((days) => new Set(days).size === days.length, 'must name each day at most once'),
    from: time,
    to: time,
  })
  .refine((w) => w.from < w.to, { message: 'must be later than from', path: ['to'] });
export type CheckInWindow = z.infer<typeof checkInWindowSchema>;

export const checkInsSchema = z
  .array(checkInWindowSchema)
  .max(CHECK_IN_WINDOWS_MAX, `must have at most ${CHECK_IN_WINDOWS_MAX} windows`);

const nullableInt = (min: number, max: number) =>
  z
    .number({ error: `must be an integer from ${min} to ${max}, or null` })
    .int(`must be an integer from ${min} to ${max}, or null`)
    .min(min, `must be an integer from ${min} to ${max}, or null`)
    .max(max, `must be an integer from ${min} to ${max}, or null`)
    .nullable();

export const supervisionSecondsSchema = nullableInt(
  SUPERVISION_SECONDS_MIN,
  SUPERVISION_SECONDS_MAX,
);
export const testIntervalHoursSchema = nullableInt(
  TEST_INTERVAL_HOURS_MIN,
  TEST_INTERVAL_HOURS_MAX,
);

/**
 * PATCH /api/device/supervision?id= (super administrators): each key given is set (null:
 * the global value / no test expected); a key left out stays as it is.
 */
export const deviceSupervisionQuerySchema = z.object({ id: idSchema });
export const deviceSupervisionBodySchema = z
  .object({
    supervisionSeconds: supervisionSecondsSchema.optional(),
    testIntervalHours: testIntervalHoursSchema.optional(),
  })
  .strict();
export type DeviceSupervisionBody = z.infer<typeof deviceSupervisionBodySchema>;

/** GET /api/device/expectations?id= (signed-in): what is expected of the device and when it last came. */
export const deviceExpectationsQuerySchema = z.object({ id: idSchema });
export const deviceExpectationsSchema = z.object({
  supervisionSeconds: z.number().int().nullable(),
  lastSeenAt: isoDateSchema.nullable(),
  testIntervalHours: z.number().int().nullable(),
  lastTestAt: isoDateSchema.nullable(),
  checkIns: z.array(checkInWindowSchema),
  /** The end of the next window still open or to come (null: no windows). */
  nextCheckInEnd: isoDateSchema.nullable(),
});
export type DeviceExpectations = z.infer<typeof deviceExpectationsSchema>;
