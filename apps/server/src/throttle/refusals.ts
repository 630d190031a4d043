import { DomainError } from '../lib/domain-error.js';

/** 429 with Retry-After in whole seconds (at least 1): every throttle's refusal but login's. */
export const tooManyRequests = (
  retryAfterS: number,
  message = 'Too many requests: slow down and retry later',
) => new DomainError('too-many', 'RATE_LIMITED', message, Math.max(1, Math.ceil(retryAfterS)));
