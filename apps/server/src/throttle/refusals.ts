import { HttpError } from '../lib/http-error.js';

/** 429 with Retry-After in whole seconds (at least 1): every throttle's refusal but login's. */
export const tooManyRequests = (
  retryAfterS: number,
  message = 'Too many requests: slow down and retry later',
) =>
  new HttpError(429, 'RATE_LIMITED', message, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
  });
