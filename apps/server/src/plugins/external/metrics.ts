import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { apiPath } from '@sos/contract';
import { countOpenSos } from '../../sos/repository.js';
import type { LiveCounters } from '../../live/stats.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app, so tests can build several). */
    metrics: Registry;
  }
}

/**
 * Process metrics (memory, CPU, event loop) describe the process, not an app: one registry
 * for the whole process, so building many apps (tests) does not start many collectors.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'sos_' });
  }
  return processRegistry;
}

/** Live stream counters exposed as Prometheus counters, read at scrape time. */
const LIVE_COUNTERS: [keyof LiveCounters, string, string][] = [
  [
    'eventsPublished',
    'sos_live_events_published_total',
    "Live events fanned out to this process's streams",
  ],
  [
    'framesDelivered',
    'sos_live_events_delivered_total',
    'Event frames written to live clients (replays included)',
  ],
  ['streamsOpened', 'sos_live_streams_opened_total', 'Live streams opened'],
  [
    'slowClientsDropped',
    'sos_live_slow_clients_dropped_total',
    'Live clients ended for not reading fast enough',
  ],
  [
    'resyncs',
    'sos_live_resyncs_total',
    'Reconnections told to reload (they missed more than is kept)',
  ],
];

const LOGIN_PATH = apiPath('login');

interface MetricsOptions {
  /** SOS_METRICS_TOKEN: the bearer token a scraper must send; unset, /metrics is off. */
  token?: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries exactly `Authorization: Bearer <token>`. */
function authorized(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * GET /metrics in the Prometheus text format (outside /api: no rate limit, not documented),
 * only to `Authorization: Bearer $SOS_METRICS_TOKEN`; to anyone else, and to everyone when
 * no token is configured, it does not exist: the same 404 as any unknown path (docs/security.md).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  app.decorate('metrics', registry);

  const duration = new Histogram({
    name: 'sos_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const loginFailures = new Counter({
    name: 'sos_login_failures_total',
    help: 'Refused logins: wrong credentials (401) or throttled (429)',
    labelNames: ['reason'] as const,
    registers,
  });
  new Gauge({
    name: 'sos_live_streams_open',
    help: 'Live streams open on this process',
    registers,
    collect() {
      this.set(app.live.streamCount());
    },
  });
  new Gauge({
    name: 'sos_open_sos',
    help: 'SOS open right now (all processes: read from the database)',
    registers,
    async collect() {
      try {
        this.set(await countOpenSos(app.db));
      } catch (err) {
        // A scrape must not fail because of the database: NaN says "unknown now".
        app.log.warn({ err }, 'metrics: counting open SOS failed');
        this.set(Number.NaN);
      }
    },
  });
  for (const [key, name, help] of LIVE_COUNTERS) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(app.live.stats()[key]);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids in paths must not explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    duration.observe(
      { route, method: request.method, status: String(status) },
      reply.elapsedTime / 1000,
    );
    if (route === LOGIN_PATH && request.method === 'POST' && (status === 401 || status === 429)) {
      loginFailures.inc({ reason: status === 401 ? 'invalid_credentials' : 'throttled' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request, options.token)) return reply.callNotFound();
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics', fastify: '5.x' });
