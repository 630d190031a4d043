import { z } from 'zod';
import { readableText } from './rules.js';
import { callViaSchema, voiceDirectionSchema } from './voice.js';

/** Who an operator called while handling an SOS (docs/call-out.md). */
export const CALL_TARGETS = ['RESIDENT', 'CONTACT'] as const;
export const callTargetSchema = z.enum(CALL_TARGETS);
export type CallTarget = z.infer<typeof callTargetSchema>;

/**
 * Who a recorded call was with: the body's targets, plus DEVICE (a unit's speakerphone, docs/voice.md),
 * which only the SIP side records.
 */
export const CALL_ENTRY_TARGETS = [...CALL_TARGETS, 'DEVICE'] as const;
export const callEntryTargetSchema = z.enum(CALL_ENTRY_TARGETS);
export type CallEntryTarget = z.infer<typeof callEntryTargetSchema>;

/** How a call went; the console shows one button per result, in this order. */
export const CALL_RESULTS = ['ANSWERED', 'NO_ANSWER', 'BUSY', 'WRONG_NUMBER', 'VOICEMAIL'] as const;
export const callResultSchema = z.enum(CALL_RESULTS);
export type CallResult = z.infer<typeof callResultSchema>;

/** A call's optional note is at most this long. */
export const CALL_NOTE_MAX_LENGTH = 500;

/**
 * POST /api/sos/call. `contactIndex` is required with CONTACT and must be absent with
 * RESIDENT; whether it names one of the profile's contacts, and whether the resident has a
 * phone, only the server can tell (it reads the profile), and it names the field as well.
 */
export const sosCallBodySchema = z
  .object({
    to: callTargetSchema,
    contactIndex: z
      .number({ error: 'must be the index of one of the contacts' })
      .int('must be the index of one of the contacts')
      .nonnegative('must be the index of one of the contacts')
      .optional(),
    result: callResultSchema,
    // Operators read it in the timeline: the rule of text that cannot lie (docs/security.md).
    note: readableText(
      z
        .string()
        .trim()
        .max(CALL_NOTE_MAX_LENGTH, `must be at most ${CALL_NOTE_MAX_LENGTH} characters`),
    ).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.to === 'CONTACT' && body.contactIndex === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactIndex'],
        message: 'is required when calling a CONTACT',
      });
    }
    if (body.to === 'RESIDENT' && body.contactIndex !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['contactIndex'],
        message: 'must be absent when calling the RESIDENT',
      });
    }
  });
export type SosCallBody = z.infer<typeof sosCallBodySchema>;

/**
 * The call a CALL timeline entry records: name and phone copied from the profile as they were
 * when the call was logged, so a later edit of the profile does not rewrite the record.
 */
export const sosCallSchema = z.object({
  to: callEntryTargetSchema,
  contactIndex: z.number().int().nullable(),
  /** DEVICE: the device's name as it was. */
  name: z.string().nullable(),
  /** DEVICE: the number or SIP user the unit called from (or was called at). */
  phone: z.string(),
  result: callResultSchema,
  /** MANUAL: a result button (POST /api/sos/call); VOICE: written from Kamailio's events. */
  via: callViaSchema,
  /** MANUAL calls are the operator's, hence OUT. */
  direction: voiceDirectionSchema,
  /** Whole seconds of an answered VOICE call; null otherwise. */
  durationS: z.number().int().nonnegative().nullable(),
});
export type SosCall = z.infer<typeof sosCallSchema>;
