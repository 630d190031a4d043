import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@sos/contract';

/** A database that has not answered by then counts as down: a probe must answer quickly. */
const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Probes for orchestrators and load balancers, outside /api: no rate limit, not in the
 * API documentation. /healthz: the process runs. /readyz: it can serve, i.e. the
 * database answers. Once shutdown begins Fastify itself answers every request 503
 * (return503OnClosing), so a balancer drains the process. Both also answer under /api,
 * where a proxy that passes only the API (the console's dev server) reaches them.
 */
async function healthPlugin(app: FastifyInstance) {
  for (const prefix of ['', API_PREFIX]) probes(app, prefix);
}

function probes(app: FastifyInstance, prefix: string) {
  app.get(`${prefix}/healthz`, { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get(`${prefix}/readyz`, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      return reply.send({ status: 'ready' });
    } catch (err) {
      request.log.warn({ err }, 'readiness: the database does not answer');
      return reply
        .code(503)
        .send({ status: 'unavailable', reason: 'the database does not answer' });
    }
  });
}

export default fp(healthPlugin, { name: 'health', dependencies: ['db'], fastify: '5.x' });
