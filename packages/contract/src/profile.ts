import { z } from 'zod';
import { readableText } from './rules.js';
import { checkInsSchema, checkInWindowSchema } from './expectations.js';

/** Limits of the resident profile (docs/alarm-handling.md), named in the errors. */
export const PROFILE_LIMITS = {
  residentName: 120,
  address: 300,
  notes: 2000,
  contacts: 5,
  contactName: 120,
  relation: 60,
} as const;
/** Digits, spaces and + ( ) . / -, 3 to 30 characters, an optional leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ()./-]{3,30}$/;

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** An optional text an operator reads: trimmed, blank or absent → null. */
const optionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    readableText(z.string().trim().max(max, `must be at most ${max} characters`))
      .nullable()
      .default(null),
  );

const phone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .regex(PHONE_PATTERN, 'must be a phone number: 3 to 30 digits, spaces or + ( ) . / -')
    .nullable()
    .default(null),
);

export const profileContactSchema = z.object({
  name: readableText(
    z
      .string()
      .trim()
      .min(1, 'is required')
      .max(PROFILE_LIMITS.contactName, `must be at most ${PROFILE_LIMITS.contactName} characters`),
  ),
  phone,
  relation: optionalText(PROFILE_LIMITS.relation),
});

/**
 * The person behind a device: every field optional (PUT replaces the whole profile).
 * Shared by the route and the console's form (zodResolver), so both name the same limit.
 */
export const deviceProfileSchema = z.object({
  residentName: optionalText(PROFILE_LIMITS.residentName),
  address: optionalText(PROFILE_LIMITS.address),
  phone,
  notes: optionalText(PROFILE_LIMITS.notes),
  contacts: z
    .array(profileContactSchema)
    .max(PROFILE_LIMITS.contacts, `must have at most ${PROFILE_LIMITS.contacts} contacts`)
    .default([]),
  /** "Check-in": the windows a check-in is expected in (docs/expected-events.md); none by default. */
  checkIns: checkInsSchema.default([]),
});
/** What the form holds (strings, possibly blank). */
export type DeviceProfileInput = z.input<typeof deviceProfileSchema>;
/** What the server stores and answers: blanks as null, contacts always an array. */
export type DeviceProfile = z.output<typeof deviceProfileSchema>;

/** The answer of GET/PUT /api/device/profile. */
export const deviceProfileResponseSchema = z.object({
  residentName: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  contacts: z.array(
    z.object({ name: z.string(), phone: z.string().nullable(), relation: z.string().nullable() }),
  ),
  checkIns: z.array(checkInWindowSchema),
});
