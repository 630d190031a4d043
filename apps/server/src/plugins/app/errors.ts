import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { ErrorCode, ErrorResponse } from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import { DomainError, type DomainErrorKind } from '../../lib/domain-error.js';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../../db/unavailable.js';
import { OutageLog } from '../../db/outage-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers requests no route matched when they are not API calls (the console sets it). */
    pageFallback:
      ((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | null;
  }
}

function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  const body: ErrorResponse = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** The one place a domain refusal becomes an HTTP status. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
};

/** Fastify's own client errors, by their code: status and our stable code. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', 'The JSON request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than 100 KB'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Unsupported content type: send application/json',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Invalid Content-Length'],
};

/**
 * PostgreSQL cannot store NUL in text (22021) or characters the encoding lacks (22P05):
 * that is the client's input, so 400 rather than 500, for every route at once.
 */
function isUnstorableText(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (e) => (e as { code?: unknown } | null)?.code,
  );
  return codes.includes('22021') || codes.includes('22P05');
}

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((v) => {
      const where = [error.validationContext, ...v.instancePath.split('/').filter(Boolean)];
      return `${where.join('.')}: ${v.message}`;
    })
    .join('; ');
}

/**
 * One place turns every failure into `{ statusCode, error, message, code }`. Client
 * errors say what is wrong; server errors are logged and never leak their internals.
 */
async function errorsPlugin(app: FastifyInstance) {
  // One line when the database goes away, one when it is back (the database plugin comes later).
  const outage = new OutageLog(app.log, () => app.database.ping());
  app.addHook('onClose', () => outage.close());
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.code, error.message);
    }
    if (error instanceof DomainError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return sendError(reply, DOMAIN_STATUS[error.kind], error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 400, 'VALIDATION_ERROR', validationMessage(error));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (isUnstorableText(error)) {
      return sendError(
        reply,
        400,
        'BAD_REQUEST',
        'Text fields must not contain NUL or invalid characters',
      );
    }
    if (known) return sendError(reply, known[0], known[1], known[2]);
    if (isDatabaseUnavailable(error)) {
      // Temporary, and said so: a device retries after Retry-After, the console waits and retries.
      // The driver's code only: a failed query's message carries its parameters (personal data).
      const cause = (error as { cause?: { code?: unknown } }).cause;
      outage.answered503(cause?.code ?? error.code);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return sendError(
        reply,
        503,
        'DATABASE_UNAVAILABLE',
        'The database is unavailable: retry in a moment',
      );
    }
    if (error.statusCode === 429) {
      return sendError(reply, 429, 'RATE_LIMITED', 'Too many requests: slow down and retry later');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL_ERROR', 'Internal server error');
  });

  app.decorate('pageFallback', null);
  app.setNotFoundHandler((request, reply) => {
    const page = app.pageFallback?.(request, reply);
    if (page) return page;
    return sendError(
      reply,
      404,
      'NOT_FOUND',
      `No route ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
