import type { ErrorCode } from '@sos/contract';

/**
 * What a refusal of the domain is, in its own terms; plugins/app/errors.ts alone turns each kind
 * into an HTTP status (and a command-line tool into a message), so no domain folder speaks HTTP.
 */
export type DomainErrorKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-many';

/** A refusal meant for the client: its kind, stable code and message reach it as they are. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
    /** 'too-many': when to try again, in seconds. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', 'VALIDATION_ERROR', message);
export const notFound = (what: string) =>
  new DomainError('not-found', 'NOT_FOUND', `${what} not found`);
