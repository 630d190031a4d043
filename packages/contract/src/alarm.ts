import { z } from 'zod';
import { SOS_OUTCOMES } from './limits.js';

export const sosOutcomeSchema = z.enum(SOS_OUTCOMES);
export type SosOutcome = z.infer<typeof sosOutcomeSchema>;

/** The kinds of step an SOS's timeline lists (DESIGN §6; CALL: docs/call-out.md), oldest first. */
export const SOS_TIMELINE_TYPES = ['RAISED', 'ACKNOWLEDGED', 'ESCALATED', 'NOTE', 'CALL', 'CLOSED'] as const;
export const sosTimelineTypeSchema = z.enum(SOS_TIMELINE_TYPES);
export type SosTimelineType = z.infer<typeof sosTimelineTypeSchema>;
