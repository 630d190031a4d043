import { z } from 'zod';
import { sosOutcomeSchema, sosTimelineTypeSchema, type SosOutcome } from './alarm.js';
import { sosCallSchema } from './calls.js';
import { idSchema, isoDateSchema } from './common.js';
import { alarmKindSchema, type AlarmKind } from './kinds.js';
import { readableText } from './rules.js';

/** Notes (timeline entries and the closing note) are at most this long (docs/alarm-handling.md). */
export const SOS_NOTE_MAX_LENGTH = 2000;

/** Who did something: id and username, the username kept when the user is deleted (id null). */
export const userRefSchema = z.object({ id: z.number().int().nullable(), username: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

/** Where the device was when it raised the SOS (docs/alarm-handling.md), as the SOS carries it. */
export const sosLocationSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracyM: z.number().nullable(),
});
export type SosLocation = z.infer<typeof sosLocationSchema>;

/** The location a device may send with its SOS (POST /api/device/sos). */
export const deviceSosLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  accuracyM: z.number().nonnegative().nullish(),
});
export type DeviceSosLocation = z.infer<typeof deviceSosLocationSchema>;

/**
 * The handling fields of an SOS nobody has handled yet (fixtures, simulators), and the kind
 * and source of one raised over HTTP without a kind.
 */
export const SOS_HANDLING_UNSET = {
  acknowledgedAt: null,
  acknowledgedBy: null,
  escalatedAt: null,
  realertedAt: null,
  outcome: null,
  note: null,
  location: null,
  kind: 'PANIC',
  kinds: ['PANIC'] as AlarmKind[],
  source: { protocol: 'HTTP', code: null, detail: null },
} as const;

/** ?sosId=&takeOver=true: take charge of an SOS, or of one someone else has (docs/alarm-handling.md). */
export const sosAckQuerySchema = z.object({
  sosId: idSchema,
  takeOver: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** A note (timeline or closing) as operators read it: at most SOS_NOTE_MAX_LENGTH, no lying text. */
export const sosNoteTextSchema = readableText(
  z.string().max(SOS_NOTE_MAX_LENGTH, `must be at most ${SOS_NOTE_MAX_LENGTH} characters`),
);

/** Optional body of PATCH /api/sos/close; no body, an empty body and {} all mean "none". */
export const sosCloseBodySchema = z
  .object({
    outcome: sosOutcomeSchema.nullish(),
    note: sosNoteTextSchema.nullish(),
  })
  .nullish();
export type SosCloseBody = z.infer<typeof sosCloseBodySchema>;

/** POST /api/sos/note. */
export const sosNoteBodySchema = z.object({
  text: readableText(
    z
      .string({ error: 'is required' })
      .min(1, 'is required')
      .max(SOS_NOTE_MAX_LENGTH, `must be at most ${SOS_NOTE_MAX_LENGTH} characters`),
  ),
});
export type SosNoteBody = z.infer<typeof sosNoteBodySchema>;

/**
 * What a DEVICE_EVENT entry's text says, structured (docs/alarm-kinds.md "Device words"): a
 * further alarm's kind, or a restore or a cancel, with the code as the device sent it. The
 * console words it in the reader's language; `text` keeps the Italian words.
 */
export const deviceEventSchema = z.object({
  kind: alarmKindSchema.optional(),
  code: z.string().nullable(),
  restore: z.boolean().optional(),
  cancel: z.boolean().optional(),
});
export type DeviceEventWords = z.infer<typeof deviceEventSchema>;

/**
 * One step of an SOS's timeline (GET /api/sos/timeline, oldest first). A CALL entry also
 * carries `call` (its text is the call's note); no other entry has the key.
 */
export const sosTimelineEntrySchema = z.object({
  at: isoDateSchema,
  type: sosTimelineTypeSchema,
  by: userRefSchema.nullable(),
  text: z.string().nullable(),
  call: sosCallSchema.optional(),
  /** On a DEVICE_EVENT from a device (absent on the server's own entries). */
  event: deviceEventSchema.optional(),
});
export type SosTimelineEntry = z.infer<typeof sosTimelineEntrySchema>;
export const sosTimelineSchema = z.array(sosTimelineEntrySchema);

/**
 * The text of a CLOSED entry (docs/alarm-handling.md): the outcome code, then `\n` and the note; null when
 * neither. With a note and no outcome the first line is empty, so line 1 is always the code.
 */
export function sosClosedText(outcome: SosOutcome | null, note: string | null): string | null {
  if (outcome === null && note === null) return null;
  return note === null ? outcome : `${outcome ?? ''}\n${note}`;
}

/**
 * The dashboard's order of open SOS (docs/alarm-handling.md "Close policy"): NEWEST, the spec's
 * (newest first); URGENT: unacknowledged first, then by kind severity (kinds.ts), then oldest first.
 */
export const DASHBOARD_ORDERS = ['NEWEST', 'URGENT'] as const;
export type DashboardOrder = (typeof DASHBOARD_ORDERS)[number];

/**
 * GET/POST /api/conf/alarm (docs/alarm-handling.md). requireOutcome: closing needs an "Esito"
 * (false: the spec's one-click close); dashboardOrder: see above. The defaults keep the spec.
 */
export const ALARM_CONF_DEFAULTS = {
  ackTargetSeconds: 60,
  offlineAfterSeconds: 300,
  requireOutcome: false,
  dashboardOrder: 'NEWEST',
} as const satisfies Record<string, number | boolean | DashboardOrder>;
const seconds = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);
/** The whole-second settings' bounds: the schema's, and the words that describe them. */
export const ALARM_CONF_BOUNDS = {
  ackTargetSeconds: { min: 5, max: 3600 },
  offlineAfterSeconds: { min: 10, max: 86_400 },
} as const satisfies Record<AlarmSecondsSetting, { min: number; max: number }>;
export const alarmConfSchema = z.object({
  ackTargetSeconds: seconds(
    ALARM_CONF_BOUNDS.ackTargetSeconds.min,
    ALARM_CONF_BOUNDS.ackTargetSeconds.max,
  ),
  offlineAfterSeconds: seconds(
    ALARM_CONF_BOUNDS.offlineAfterSeconds.min,
    ALARM_CONF_BOUNDS.offlineAfterSeconds.max,
  ),
  requireOutcome: z.boolean({ error: 'must be true or false' }),
  dashboardOrder: z.enum(DASHBOARD_ORDERS, {
    error: `must be one of ${DASHBOARD_ORDERS.join(', ')}`,
  }),
});
export type AlarmConf = z.infer<typeof alarmConfSchema>;
/** The alarm settings that are whole seconds (stored as digits, read inside statements too). */
export type AlarmSecondsSetting = 'ackTargetSeconds' | 'offlineAfterSeconds';
/** POST /api/conf/alarm: a field left out keeps its stored value. */
export const alarmConfUpdateSchema = alarmConfSchema.partial();

/** Data of the `sos-note` live event. */
export const sosNoteEventSchema = z.object({
  sosId: z.number().int(),
  entry: sosTimelineEntrySchema,
});
export type SosNoteEvent = z.infer<typeof sosNoteEventSchema>;
