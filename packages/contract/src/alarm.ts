import { z } from 'zod';
import { SOS_OUTCOMES } from './limits.js';

export const sosOutcomeSchema = z.enum(SOS_OUTCOMES);
export type SosOutcome = z.infer<typeof sosOutcomeSchema>;

/**
 * The kinds of step an SOS's timeline lists, oldest first: CALL is a call an operator logged
 * (docs/call-out.md), DEVICE_EVENT what the device said while its SOS was open (another alarm,
 * a restore, a cancel: docs/alarm-kinds.md).
 */
export const SOS_TIMELINE_TYPES = [
  'RAISED',
  'ACKNOWLEDGED',
  'ESCALATED',
  'NOTE',
  'CALL',
  'DEVICE_EVENT',
  'CLOSED',
] as const;
export const sosTimelineTypeSchema = z.enum(SOS_TIMELINE_TYPES);
export type SosTimelineType = z.infer<typeof sosTimelineTypeSchema>;
