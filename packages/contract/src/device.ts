import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { DISPLAY_NAME_MAX_LENGTH, SERIAL_MAX_LENGTH, SERIAL_PATTERN } from './limits.js';

export const SOS_STATES = ['OPEN', 'CLOSED'] as const;
export const sosStateSchema = z.enum(SOS_STATES);
export type SosState = z.infer<typeof sosStateSchema>;

export const deviceRefSchema = z.object({ id: z.number().int(), displayName: z.string() });

/** An SOS with its device (spec §3, §7); closedBy/dateClosed are set once closed. */
export const sosSchema = z.object({
  id: z.number().int(),
  state: sosStateSchema,
  dateCreated: isoDateSchema,
  lastUpdated: isoDateSchema,
  dateClosed: isoDateSchema.nullable(),
  closedBy: z.object({ id: z.number().int().nullable(), username: z.string() }).nullable(),
  device: deviceRefSchema,
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
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

export const deviceDeleteQuerySchema = z.object({ id: idSchema });

const serial = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(SERIAL_MAX_LENGTH)
  .regex(SERIAL_PATTERN, 'may contain only letters, digits and . _ : -');

/** Device API (DESIGN §3), authenticated by X-Api-Key. */
export const deviceRegisterRequestSchema = z.object({
  serial,
  displayName: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(DISPLAY_NAME_MAX_LENGTH)
    // PostgreSQL text cannot hold NUL; control characters and lone surrogates break displays.
    .regex(/^[^\p{Cc}\p{Cs}]*$/u, 'must not contain control characters'),
});
export type DeviceRegisterRequest = z.infer<typeof deviceRegisterRequestSchema>;
export const deviceSerialRequestSchema = z.object({ serial });
export type DeviceSerialRequest = z.infer<typeof deviceSerialRequestSchema>;
export const idempotencyKeySchema = z.string().min(1).max(200);
