import { z } from 'zod';
import { roleSchema } from './roles.js';
import { unixSecondsSchema } from './common.js';
import { apiFields } from './rules.js';

export const loginRequestSchema = z.object({
  username: apiFields.loginUsername,
  password: apiFields.loginPassword,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Answer of login and refreshAuth: both carry a fresh pair of tokens. */
export const authResponseSchema = z.object({
  access_token: z.string(),
  expires_at: unixSecondsSchema,
  refresh_token: z.string(),
  refresh_expires_at: unixSecondsSchema,
  id: z.number().int(),
  role: roleSchema,
  username: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

const refreshToken = z.string().min(1, 'is required').max(512);

/** refreshAuth takes the token in the query (docs/console.md) or, preferably, in a JSON body. */
export const refreshQuerySchema = z.object({ refresh_token: refreshToken.optional() });
export const refreshBodySchema = z.object({ refresh_token: refreshToken.optional() }).optional();
export const logoutBodySchema = z.object({ refresh_token: refreshToken });
export type LogoutRequest = z.infer<typeof logoutBodySchema>;
