import { z } from 'zod';
import { idSchema } from './common.js';
import { sosSchema } from './device.js';
import { errorResponseSchema } from './errors.js';

export const sosCloseQuerySchema = z.object({ sosId: idSchema });
/** History: closed SOS, newest closure first, each with who closed it. */
export const sosHistorySchema = z.array(sosSchema);

/** A 409 on an SOS (SOS_NOT_OPEN, SOS_ALREADY_ACKNOWLEDGED) carries the SOS as it stands (docs/alarm-handling.md). */
export const sosConflictErrorSchema = errorResponseSchema.extend({ sos: sosSchema });
export type SosConflictError = z.infer<typeof sosConflictErrorSchema>;
/** ?sosId= of the note and timeline calls. */
export const sosIdQuerySchema = sosCloseQuerySchema;
