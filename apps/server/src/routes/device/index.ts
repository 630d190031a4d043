import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../app-env.js';
import deviceListRoutes from './list.js';
import deviceApiRoutes from './api.js';
import deviceRenameRoutes from './rename.js';
import deletedDeviceRoutes from './deleted.js';
import profileRoutes from './profile.js';
import deviceExpectationRoutes from './expectations.js';

/**
 * Every /api/device/* route, one file per concern: the console's list and deletion, the
 * device API (its key), renaming, deleted devices, the resident profile, expected events.
 */
export default async function deviceRoutes(app: FastifyInstance, options: RouteOptions) {
  for (const plugin of [
    deviceListRoutes,
    deviceApiRoutes,
    deviceRenameRoutes,
    deletedDeviceRoutes,
    profileRoutes,
    deviceExpectationRoutes,
  ]) {
    await app.register(plugin, options);
  }
}
