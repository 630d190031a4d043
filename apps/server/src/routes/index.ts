import type { FastifyInstance } from 'fastify';
import type { AppEnv } from '../app.js';
import authRoutes from './auth/index.js';
import employeeRoutes from './employee/index.js';
import deviceRoutes from './device/index.js';
import sosRoutes from './sos/index.js';
import confRoutes from './conf/index.js';
import deviceApiRoutes from './device-api/index.js';
import liveRoutes from './live/index.js';

export interface RouteOptions {
  env: AppEnv;
}

/** Every /api route, one plugin per resource. */
export default async function routes(app: FastifyInstance, options: RouteOptions) {
  await app.register(authRoutes, options);
  await app.register(employeeRoutes, options);
  await app.register(deviceRoutes, options);
  await app.register(sosRoutes, options);
  await app.register(confRoutes, options);
  await app.register(deviceApiRoutes, options);
  await app.register(liveRoutes, options);
}
