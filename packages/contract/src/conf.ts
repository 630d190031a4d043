import { z } from 'zod';
import { apiFields } from './rules.js';

export const apiKeyResponseSchema = z.object({ apiKey: z.string() });
export const setApiKeyRequestSchema = z.object({ apiKey: apiFields.apiKey });
export type SetApiKeyRequest = z.infer<typeof setApiKeyRequestSchema>;
