import { z } from 'zod';
import { idSchema } from './common.js';
import { sosSchema } from './device.js';

export const sosCloseQuerySchema = z.object({ sosId: idSchema });
/** History: closed SOS, newest closure first, each with who closed it. */
export const sosHistorySchema = z.array(sosSchema);
