import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { sosOutcomeSchema } from './alarm.js';
import { alarmKindSchema, alarmSourceSchema } from './kinds.js';
import { deviceSosLocationSchema, sosLocationSchema, userRefSchema } from './sos-handling.js';
import { DISPLAY_NAME_MAX_LENGTH, SERIAL_MAX_LENGTH, SERIAL_PATTERN } from './limits.js';
import { readableText } from './rules.js';
import { SERIAL_HAS_ALNUM_PATTERN } from './text.js';

export const SOS_STATES = ['OPEN', 'CLOSED'] as const;
export const sosStateSchema = z.enum(SOS_STATES);
export type SosState = z.infer<typeof sosStateSchema>;

export const deviceRefSchema = z.object({ id: z.number().int(), displayName: z.string() });

/**
 * An SOS with its device (docs/console.md, §7); closedBy/dateClosed are set once closed. The alarm
 * handling fields (docs/alarm-handling.md) are in every SOS, null until set. The server writes this JSON
 * twice (sos/json.ts, sos/json-sql.ts): the key order here is the order both write.
 */
export const sosSchema = z.object({
  id: z.number().int(),
  state: sosStateSchema,
  dateCreated: isoDateSchema,
  lastUpdated: isoDateSchema,
  dateClosed: isoDateSchema.nullable(),
  closedBy: userRefSchema.nullable(),
  /** The first time anyone took charge; a take-over keeps it. */
  acknowledgedAt: isoDateSchema.nullable(),
  /** Who has it now (a take-over changes it). */
  acknowledgedBy: userRefSchema.nullable(),
  escalatedAt: isoDateSchema.nullable(),
  /**
   * The latest further alarm from the device while the SOS was open (docs/alarm-handling.md,
   * "Re-alert"): it unacknowledged the SOS and restarted its escalation clock. Null until one.
   */
  realertedAt: isoDateSchema.nullable(),
  outcome: sosOutcomeSchema.nullable(),
  note: z.string().nullable(),
  location: sosLocationSchema.nullable(),
  /** What the alarm is about: the most severe kind received (PANIC unless the device said otherwise; docs/alarm-kinds.md). */
  kind: alarmKindSchema,
  /** Every kind it received, once each, the latest alarm's last (one, `kind`, until a further alarm). */
  kinds: z.array(alarmKindSchema),
  /** How it reached us, and the code as the device sent it. */
  source: alarmSourceSchema,
  device: deviceRefSchema,
  /**
   * Voice (docs/voice.md): present, and true, only when the SCAIP alarm asked for a call-back
   * (`cha` 1 with a `crd`): the detail offers "Richiama il dispositivo". Absent otherwise.
   */
  callBack: z.literal(true).optional(),
});
export type Sos = z.infer<typeof sosSchema>;

/** A device as the console lists it; lastSos is its open SOS, or null when it has none. */
export const deviceSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  displayName: z.string(),
  lastSos: sosSchema.nullable(),
  dateCreated: isoDateSchema,
  lastSeenAt: isoDateSchema.nullable(),
  /** null until the first heartbeat (not monitored); then whether it is heard (docs/alarm-handling.md). */
  online: z.boolean().nullable(),
  /** The battery level the last heartbeat reported (0–100); null until one does. */
  batteryPct: z.number().int().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

export const deviceDeleteQuerySchema = z.object({ id: idSchema });

const serial = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(SERIAL_MAX_LENGTH)
  .regex(SERIAL_PATTERN, 'may contain only letters, digits and . _ : -')
  .regex(SERIAL_HAS_ALNUM_PATTERN, 'must contain at least one letter or digit');

/**
 * A device's name as operators read it (registration, and any rename): required, no control
 * characters, and the rule of text an operator reads (no bidirectional controls or separators,
 * something visible).
 */
export const deviceNameSchema = readableText(
  z
    .string()
    .trim()
    .min(1, 'is required')
    .max(DISPLAY_NAME_MAX_LENGTH)
    // PostgreSQL text cannot hold NUL; control characters and lone surrogates break displays.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'must not contain control characters'),
);

/** Device API (docs/contract.md), authenticated by X-Api-Key. */
export const deviceRegisterRequestSchema = z.object({
  serial,
  displayName: deviceNameSchema,
});
export type DeviceRegisterRequest = z.infer<typeof deviceRegisterRequestSchema>;
export const deviceSerialRequestSchema = z.object({ serial });
export type DeviceSerialRequest = z.infer<typeof deviceSerialRequestSchema>;
/** POST /api/device/sos: the serial, where the device is when it knows, what the alarm is about (default PANIC). */
export const deviceSosRequestSchema = z.object({
  serial,
  location: deviceSosLocationSchema.optional(),
  kind: alarmKindSchema.optional(),
});
export type DeviceSosRequest = z.infer<typeof deviceSosRequestSchema>;
/** A heartbeat may carry the battery level (docs/alarm-handling.md). */
export const deviceHeartbeatRequestSchema = z.object({
  serial,
  battery: z
    .number()
    .int('must be an integer')
    .min(0, 'must be 0 to 100')
    .max(100, 'must be 0 to 100')
    .optional(),
});
export type DeviceHeartbeatRequest = z.infer<typeof deviceHeartbeatRequestSchema>;
export const idempotencyKeySchema = z.string().min(1).max(200);

/** PATCH /api/device/rename?id= (super administrators): the name operators see; a device heard again keeps it. */
export const deviceRenameQuerySchema = z.object({ id: idSchema });
export const deviceRenameBodySchema = z.object({ displayName: deviceNameSchema });
export type DeviceRenameBody = z.infer<typeof deviceRenameBodySchema>;
