import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './env.js';
import type { Database } from './db/client.js';
import compress from '@fastify/compress';
import errorsPlugin from './plugins/errors.js';
import jsonBodyPlugin from './plugins/json-body.js';
import throttlePlugin from './plugins/throttle.js';
import securityPlugin from './plugins/security.js';
import dbPlugin from './plugins/db.js';
import authPlugin from './plugins/auth.js';
import deviceAuthPlugin from './plugins/device-auth.js';
import docsPlugin from './plugins/docs.js';
import metricsPlugin from './plugins/metrics.js';
import healthPlugin from './plugins/health.js';
import livePlugin from './plugins/live.js';
import escalationPlugin from './plugins/escalation.js';
import heartbeatsPlugin, { type HeartbeatsOptions } from './plugins/heartbeats.js';
import offlineSweepPlugin, { type OfflineSweepOptions } from './plugins/offline-sweep.js';
import routes from './routes/index.js';
import { fastifyTrustProxy } from './throttle/trust-proxy.js';

export type AppEnv = Pick<
  Env,
  | 'SOS_JWT_SECRET'
  | 'SOS_ACCESS_TOKEN_TTL_S'
  | 'SOS_REFRESH_TOKEN_TTL_S'
  | 'SOS_EVENT_RETENTION'
  | 'SOS_DEVICE_RATE_LIMIT'
  | 'SOS_RATE_LIMIT'
  | 'TZ'
  | 'SOS_LOGIN_FAILURES_PER_PAIR'
  | 'SOS_LOGIN_FAILURES_PER_ADDRESS'
  | 'SOS_KEY_FAILURES_PER_ADDRESS'
  | 'SOS_TOKEN_FAILURES_PER_ADDRESS'
  | 'SOS_TRUST_PROXY'
  | 'SOS_METRICS_TOKEN'
>;

export interface BuildAppOptions {
  env: AppEnv;
  database: Database;
  /** Close the database with the app (default true). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  offlineSweep?: OfflineSweepOptions;
  heartbeats?: HeartbeatsOptions;
}

export const BODY_LIMIT = 100 * 1024;

/** Builds the whole application on an open, migrated database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // The client address is the socket's, unless SOS_TRUST_PROXY names the proxies whose
    // X-Forwarded-For is believed (DESIGN §7); every throttle counts request.ip.
    trustProxy: fastifyTrustProxy(options.env.SOS_TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  // First: its onResponse hook must time every route registered after it.
  await app.register(metricsPlugin, { token: options.env.SOS_METRICS_TOKEN });
  await app.register(securityPlugin);
  // Per route (GET /api/device/getAll): the live stream must never sit in a compressor.
  await app.register(compress, { global: false });
  await app.register(dbPlugin, {
    database: options.database,
    closeOnExit: options.closeDatabase !== false,
  });
  // Before every /api route: its general limit runs ahead of each route's authentication.
  await app.register(throttlePlugin, {
    rateLimit: options.env.SOS_RATE_LIMIT,
    keyFailuresPerAddress: options.env.SOS_KEY_FAILURES_PER_ADDRESS,
    tokenFailuresPerAddress: options.env.SOS_TOKEN_FAILURES_PER_ADDRESS,
  });
  await app.register(docsPlugin);
  await app.register(authPlugin, {
    jwtSecret: options.env.SOS_JWT_SECRET,
    accessTokenTtlS: options.env.SOS_ACCESS_TOKEN_TTL_S,
  });
  await app.register(deviceAuthPlugin);
  await app.register(livePlugin, { retention: options.env.SOS_EVENT_RETENTION });
  await app.register(escalationPlugin);
  await app.register(healthPlugin);
  await app.register(heartbeatsPlugin, options.heartbeats ?? {});
  await app.register(offlineSweepPlugin, options.offlineSweep ?? {});
  await app.register(routes, { prefix: '/api', env: options.env });
  return app;
}
