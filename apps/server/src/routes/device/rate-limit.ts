import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

const serialOf = (request: FastifyRequest): string => {
  const body = request.body as { serial?: unknown } | undefined;
  return typeof body?.serial === 'string' ? body.serial : '';
};

/**
 * Route config of the per-device limit: `max` calls per minute per serial, each device
 * API route counting on its own (a flood of heartbeats never blocks a registration). The
 * SOS call has none: with the right key it is never refused (docs/security.md). The key is the
 * serial of a call whose API key was right (checked before, onRequest); the counts are
 * shared by every server process (plugins/external/throttle.ts).
 */
export function perDeviceRateLimit(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    // The serial is in the body, which is parsed and validated only after onRequest.
    hook: 'preHandler',
    keyGenerator: (request) => `serial:${serialOf(request)}`,
  };
}
