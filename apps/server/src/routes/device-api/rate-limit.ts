import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

const serialOf = (request: FastifyRequest): string => {
  const body = request.body as { serial?: unknown } | undefined;
  return typeof body?.serial === 'string' ? body.serial : '';
};

/**
 * Route config of the per-device limit: `max` calls per minute per serial, each device
 * API route counting on its own (a flood of heartbeats never blocks an SOS).
 */
export function perDeviceRateLimit(max: number): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    // The serial is in the body, which is parsed and validated only after onRequest.
    hook: 'preHandler',
    keyGenerator: (request) => `serial:${serialOf(request)}`,
    // Replaces the generic allow-list, which exempts /api/device/sos from the per-IP limit.
    allowList: () => false,
    // Enough entries for a large fleet; an evicted serial merely starts a fresh window.
    cache: 100_000,
  };
}
