import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedDeviceListSchema,
  deviceDeleteQuerySchema,
  deviceSchema,
  errorResponseSchema,
  PATHS,
} from '@sos/contract';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { listDeletedDevices, restoreDevice } from '../../devices/deleted-repository.js';

const tags = ['device'];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** Deleted devices stay recoverable (docs/alarm-handling.md): super administrators only. */
export default async function deletedDeviceRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];

  routes.route({
    method: 'GET',
    url: PATHS.deviceDeleted,
    schema: {
      tags,
      summary: 'Deleted devices, most recently deleted first',
      response: { 200: deletedDeviceListSchema, ...authErrors },
    },
    onRequest,
    handler: async () => listDeletedDevices(app.db),
  });

  routes.route({
    method: 'POST',
    url: PATHS.deviceRestore,
    schema: {
      tags,
      summary: 'Restores a deleted device with its history and profile (event device-registered)',
      querystring: deviceDeleteQuerySchema,
      response: {
        200: deviceSchema,
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema.describe('NOT_FOUND: no such deleted device'),
      },
    },
    onRequest,
    handler: async (request) => {
      const device = await restoreDevice(app.db, request.query.id, auditByOf(request));
      if (!device) throw notFound('Deleted device');
      return device;
    },
  });
}
