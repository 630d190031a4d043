import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@sos/contract';
import type { AppEnv, RouteOptions } from './app-env.js';
import type { Database } from './db/client.js';
import compress from '@fastify/compress';
import errorsPlugin from './plugins/app/errors.js';
import jsonBodyPlugin from './plugins/external/json-body.js';
import throttlePlugin from './plugins/external/throttle.js';
import securityPlugin from './plugins/external/security.js';
import dbPlugin from './plugins/external/db.js';
import authPlugin from './plugins/app/auth.js';
import deviceAuthPlugin from './plugins/app/device-auth.js';
import auditPlugin from './plugins/app/audit.js';
import docsPlugin from './plugins/external/docs.js';
import metricsPlugin from './plugins/external/metrics.js';
import healthPlugin from './plugins/app/health.js';
import livePlugin from './plugins/app/live.js';
import escalationPlugin from './plugins/app/escalation.js';
import heartbeatsPlugin, { type HeartbeatsOptions } from './plugins/app/heartbeats.js';
import offlineSweepPlugin, { type OfflineSweepOptions } from './plugins/app/offline-sweep.js';
import dbMaintenancePlugin, { type DbMaintenanceOptions } from './plugins/app/db-maintenance.js';
import sosWritesPlugin from './plugins/app/sos-writes.js';
import signalSinkPlugin from './plugins/app/signal-sink.js';
import receiversPlugin, { type ReceiversPluginOptions } from './plugins/app/receivers.js';
import pushPlugin from './plugins/app/push.js';
import voicePlugin, { type VoicePluginOptions } from './plugins/app/voice.js';
import authRoutes from './routes/auth/index.js';
import employeeRoutes from './routes/employee/index.js';
import deviceRoutes from './routes/device/index.js';
import sosRoutes from './routes/sos/index.js';
import confRoutes from './routes/conf/index.js';
import liveRoutes from './routes/live/index.js';
import technicalAlarmRoutes from './routes/technical/index.js';
import auditRoutes from './routes/audit/index.js';
import pushRoutes from './routes/push/index.js';
import expectationsPlugin, { type ExpectationsPluginOptions } from './plugins/app/expectations.js';
import voiceRoutes from './routes/voice/index.js';
import { declareSecurity } from './routes/security.js';
import { fastifyTrustProxy } from './throttle/trust-proxy.js';
import { RequestLog } from './request-log.js';
import { zodSchemaController } from './lib/zod-schemas.js';
import type { DispatcherOptions } from './push/dispatcher.js';

export type { AppEnv } from './app-env.js';

export interface BuildAppOptions {
  env: AppEnv;
  database: Database;
  /** Close the database with the app (default true). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  offlineSweep?: OfflineSweepOptions;
  /** The embedded database's upkeep (tests shorten or run it). */
  dbMaintenance?: DbMaintenanceOptions;
  heartbeats?: HeartbeatsOptions;
  /** The alarm receivers (DC-09, SCAIP): HOST and their variables; default all off. */
  receivers?: ReceiversPluginOptions;
  /** The expected-events engine's poll (tests shorten it); its zone is TZ. */
  expectations?: Omit<ExpectationsPluginOptions, 'zone'>;
  /** The push dispatcher's timers and limits (tests shorten them). */
  push?: Partial<DispatcherOptions>;
  /** Voice (docs/voice.md); unset: off, nothing of it runs. */
  voice?: VoicePluginOptions | undefined;
}

const ROUTE_PLUGINS = [
  authRoutes,
  employeeRoutes,
  deviceRoutes,
  sosRoutes,
  confRoutes,
  liveRoutes,
  technicalAlarmRoutes,
  auditRoutes,
  pushRoutes,
  voiceRoutes,
];

const BODY_LIMIT = 100 * 1024;

/** Builds the whole application on an open, migrated database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request at the level it deserves (request-log.ts).
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // The client address is the socket's, unless SOS_TRUST_PROXY names the proxies whose
    // X-Forwarded-For is believed (docs/security.md); every throttle counts request.ip.
    trustProxy: fastifyTrustProxy(options.env.SOS_TRUST_PROXY),
    // Zod's compilers for every route, without loading Fastify's own (lib/zod-schemas.ts).
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();

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
  await app.register(auditPlugin, { jwtSecret: options.env.SOS_JWT_SECRET });
  await app.register(deviceAuthPlugin);
  await app.register(livePlugin, { retention: options.env.SOS_EVENT_RETENTION });
  await app.register(escalationPlugin);
  await app.register(healthPlugin);
  await app.register(heartbeatsPlugin, options.heartbeats ?? {});
  await app.register(offlineSweepPlugin, options.offlineSweep ?? {});
  await app.register(dbMaintenancePlugin, options.dbMaintenance ?? {});
  await app.register(expectationsPlugin, { ...options.expectations, zone: options.env.TZ });
  await app.register(sosWritesPlugin);
  await app.register(signalSinkPlugin);
  await app.register(receiversPlugin, options.receivers ?? { host: '127.0.0.1' });
  await app.register(pushPlugin, {
    subject: options.env.SOS_VAPID_SUBJECT ?? 'mailto:admin@localhost',
    allowHttp: options.env.SOS_PUSH_ALLOW_HTTP ?? false,
    ...options.push,
  });
  await app.register(voicePlugin, { voice: options.voice });
  // Every /api route, one plugin per resource, registered here (a routes/index.ts would
  // import app.ts's types back). Only env is passed on: each plugin handing its whole
  // options to a child would hand it the API_PREFIX a second time.
  const routeOptions: RouteOptions = { env: options.env };
  await app.register(
    async (api) => {
      declareSecurity(api);
      for (const plugin of ROUTE_PLUGINS) await api.register(plugin, routeOptions);
    },
    { prefix: API_PREFIX },
  );
  return app;
}
