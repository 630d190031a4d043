import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceDeleteQuerySchema,
  deviceListSchema,
  errorResponseSchema,
  PATHS,
} from '@sos/contract';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../index.js';
import { listDevices, softDeleteDevice } from './repository.js';

const security = [{ bearerAuth: [] }];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The console's device routes (spec §7): the dashboard list and deletion. */
export default async function deviceRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app); // DELETE with JSON headers and no body

  routes.route({
    method: 'GET',
    url: PATHS.deviceGetAll,
    schema: {
      tags: ['device'],
      summary: 'Devices with their open SOS, those with an open SOS first (spec §3)',
      security,
      response: { 200: deviceListSchema, ...authErrors },
    },
    // Every signed-in role watches the dashboard.
    onRequest: [app.authenticate],
    handler: async () => listDevices(app.db),
  });

  routes.route({
    method: 'DELETE',
    url: PATHS.deviceDelete,
    schema: {
      tags: ['device'],
      summary: 'Deletes a device (softly: its history stays) and closes its open SOS',
      security,
      querystring: deviceDeleteQuerySchema,
      response: {
        204: z.null().describe('Deleted'),
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request, reply) => {
      const user = request.user!;
      const deleted = await softDeleteDevice(app.db, request.query.id, user);
      if (!deleted) throw notFound('Device');
      return reply.code(204).send(null);
    },
  });
}
