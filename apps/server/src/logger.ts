import type { FastifyServerOptions } from 'fastify';
import { API_KEY_HEADER } from '@sos/contract';
import type { Env } from './env.js';
import { serializeError } from './lib/safe-error.js';

/** Query parameters whose values never reach the logs. */
const SECRET_PARAMS = /([?&](?:refresh_token|access_token|token|apiKey)=)[^&]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[REDACTED]');

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };
const logError = (error: unknown) =>
  ({ stack: '', ...(serializeError(error) as object) }) as LoggedError;

/**
 * pino options: JSON lines, or pretty output in a terminal. Tokens, passwords and API keys
 * never appear: secret headers and body fields are redacted and URLs lose secret parameters.
 * An error is logged without the values a failed statement was given (lib/safe-error.ts).
 */
export function loggerOptions(
  env: Pick<Env, 'LOG_LEVEL' | 'LOG_PRETTY'>,
  interactive: boolean,
): FastifyServerOptions['logger'] {
  const pretty = env.LOG_PRETTY ?? interactive;
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        `req.headers["${API_KEY_HEADER}"]`,
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.access_token',
        '*.apiKey',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      err: logError,
      error: logError,
      req(request: {
        method: string;
        url: string;
        ip?: string;
        headers?: Record<string, unknown>;
      }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
