import { z } from 'zod';

/** Stable error codes: the console translates these, never the English message. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  /**
   * 401 from a refresh or a call: the session was ended by a change to the account (its role or
   * password, by someone else); the console shows "Il tuo account è stato modificato" (docs/security.md).
   */
  'ACCOUNT_CHANGED',
  'INVALID_API_KEY',
  'FORBIDDEN',
  'NOT_FOUND',
  'USERNAME_TAKEN',
  'CANNOT_DELETE_SELF',
  'LAST_SUPER_ADMIN',
  'OWN_ROLE',
  'SOS_NOT_OPEN',
  'SOS_ALREADY_ACKNOWLEDGED',
  'DEVICE_DELETED',
  /** 400: closing needs an outcome while the alarm settings' requireOutcome is on (docs/alarm-handling.md). */
  'OUTCOME_REQUIRED',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  /** 503 with Retry-After: the database cannot be reached right now; retry (docs/hardening.md). */
  'DATABASE_UNAVAILABLE',
  /** 404: voice is off on this server (docs/voice.md); the console shows nothing of voice. */
  'VOICE_DISABLED',
  'INTERNAL_ERROR',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: errorCodeSchema,
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
