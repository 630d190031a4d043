import type { FastifyInstance } from 'fastify';

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
 * (return503OnClosing), so a balancer drains the process.
 */
export default async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
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
