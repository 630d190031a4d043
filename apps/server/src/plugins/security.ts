import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createHash } from 'node:crypto';
import { API_PREFIX, apiPath } from '@sos/contract';
import { bearerToken } from './auth.js';

export interface SecurityOptions {
  /** Generic /api calls allowed per client per minute. */
  rateLimit: number;
}

/**
 * Not rate limited per IP: the live stream (1,000 operators behind one NAT must all
 * connect) and the device SOS call (never drop an alert; it has its own per-device limit).
 */
const UNLIMITED = new Set([apiPath('sosRealTime'), apiPath('deviceSos')]);

function rateLimitKey(request: FastifyRequest): string {
  // Signed-in clients are counted by token, so one NAT's operators do not share a bucket.
  const token = bearerToken(request);
  if (token) return 'token:' + createHash('sha256').update(token).digest('base64url').slice(0, 22);
  return 'ip:' + request.ip;
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // The console loads nothing cross-origin; keep the defaults' other headers (nosniff...).
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    allowList: (request) => {
      const path = request.url.split('?')[0] ?? '';
      return !path.startsWith(API_PREFIX + '/') || UNLIMITED.has(path);
    },
  });
}

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
