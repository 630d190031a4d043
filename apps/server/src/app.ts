import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './env.js';
import type { Database } from './db/client.js';
import errorsPlugin from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import dbPlugin from './plugins/db.js';
import authPlugin from './plugins/auth.js';
import deviceAuthPlugin from './plugins/device-auth.js';
import docsPlugin from './plugins/docs.js';
import metricsPlugin from './plugins/metrics.js';
import healthPlugin from './plugins/health.js';
import livePlugin from './plugins/live.js';
import escalationPlugin from './plugins/escalation.js';
import offlineSweepPlugin, { type OfflineSweepOptions } from './plugins/offline-sweep.js';
import routes from './routes/index.js';

export type AppEnv = Pick<
  Env,
  | 'SOS_JWT_SECRET'
  | 'SOS_ACCESS_TOKEN_TTL_S'
  | 'SOS_REFRESH_TOKEN_TTL_S'
  | 'SOS_EVENT_RETENTION'
  | 'SOS_DEVICE_RATE_LIMIT'
  | 'SOS_RATE_LIMIT'
  | 'TZ'
>;

export interface BuildAppOptions {
  env: AppEnv;
  database: Database;
  /** Close the database with the app (default true). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  offlineSweep?: OfflineSweepOptions;
}

export const BODY_LIMIT = 100 * 1024;

/** Builds the whole application on an open, migrated database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // First: its onResponse hook must time every route registered after it.
  await app.register(metricsPlugin);
  await app.register(securityPlugin, { rateLimit: options.env.SOS_RATE_LIMIT });
  await app.register(docsPlugin);
  await app.register(dbPlugin, {
    database: options.database,
    closeOnExit: options.closeDatabase !== false,
  });
  await app.register(authPlugin, {
    jwtSecret: options.env.SOS_JWT_SECRET,
    accessTokenTtlS: options.env.SOS_ACCESS_TOKEN_TTL_S,
  });
  await app.register(deviceAuthPlugin);
  await app.register(livePlugin, { retention: options.env.SOS_EVENT_RETENTION });
  await app.register(escalationPlugin);
  await app.register(healthPlugin);
  await app.register(offlineSweepPlugin, options.offlineSweep ?? {});
  await app.register(routes, { prefix: '/api', env: options.env });
  return app;
}
