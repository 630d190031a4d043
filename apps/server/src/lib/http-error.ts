import type { ErrorCode } from '@sos/contract';

/** An error meant for the client: its status, stable code and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'FORBIDDEN', message);
