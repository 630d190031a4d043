import type { FastifyInstance } from 'fastify';
import type { AppEnv } from '../app.js';
import authRoutes from './auth/index.js';
import employeeRoutes from './employee/index.js';
import deviceRoutes from './device/index.js';
import sosRoutes from './sos/index.js';
import confRoutes from './conf/index.js';
import deviceApiRoutes from './device-api/index.js';
import liveRoutes from './live/index.js';
import profileRoutes from './profile/index.js';
import technicalAlarmRoutes from './technical/index.js';
import deletedDeviceRoutes from './deleted-devices/index.js';

export interface RouteOptions {
  env: AppEnv;
}

/** Every /api route, one plugin per resource. */
export default async function routes(app: FastifyInstance, options: RouteOptions) {
  // Only env: passing `options` on would hand each plugin the '/api' prefix a second time.
  const child: RouteOptions = { env: options.env };
  await app.register(authRoutes, child);
  await app.register(employeeRoutes, child);
  await app.register(deviceRoutes, child);
  await app.register(sosRoutes, child);
  await app.register(confRoutes, child);
  await app.register(deviceApiRoutes, child);
  await app.register(liveRoutes, child);
  await app.register(profileRoutes, child);
  await app.register(technicalAlarmRoutes, child);
  await app.register(deletedDeviceRoutes, child);
}
