import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceDeleteQuerySchema,
  deviceListSchema,
  errorResponseSchema,
  LAST_EVENT_ID_HEADER,
  PATHS,
} from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { readWithSettledHead } from '../../live/store.js';
import { listDevices, softDeleteDevice } from './repository.js';

const security = [{ bearerAuth: [] }];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The console's device routes (spec §7): the dashboard list and deletion. */
export default async function deviceRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.deviceGetAll,
    schema: {
      tags: ['device'],
      summary: 'Devices with their open SOS, those with an open SOS first (spec §3)',
      description:
        'The header `X-Last-Event-Id` names the last live event this list includes: open the live stream with it as `Last-Event-ID` and nothing raised meanwhile is missed (DESIGN §7). Compressed when the client accepts it.',
      security,
      response: { 200: deviceListSchema, ...authErrors },
    },
    compress: {},
    // Every signed-in role watches the dashboard.
    onRequest: [app.authenticate],
    handler: async (_request, reply) => {
      const { head, value } = await readWithSettledHead(app.db, (tx) => listDevices(tx));
      return reply.header(LAST_EVENT_ID_HEADER, String(head)).send(value);
    },
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
