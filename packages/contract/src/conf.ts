import { z } from 'zod';
import { API_KEY_MAX_LENGTH, API_KEY_MIN_LENGTH } from './limits.js';

export const apiKeyResponseSchema = z.object({ apiKey: z.string() });
export const setApiKeyRequestSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(API_KEY_MIN_LENGTH, `must be at least ${API_KEY_MIN_LENGTH} characters`)
    .max(API_KEY_MAX_LENGTH),
});
export type SetApiKeyRequest = z.infer<typeof setApiKeyRequestSchema>;
