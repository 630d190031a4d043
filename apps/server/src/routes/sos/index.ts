import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  PATHS,
  sosCloseQuerySchema,
  sosHistorySchema,
  sosSchema,
} from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../index.js';
import { closeSos, listClosedSos } from './repository.js';

const security = [{ bearerAuth: [] }];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The console's SOS routes (spec §7); the live stream lives in routes/live. */
export default async function sosRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'PATCH',
    url: PATHS.sosClose,
    schema: {
      tags: ['sos'],
      summary: 'Closes an open SOS (any signed-in role, spec §6); already closed: 200 and the SOS as it was closed',
      description:
        'Takes no body (an empty body with content-type application/json is fine). Closing an SOS that is already closed is not an error: the answer is the SOS as it was closed, `closedBy` naming who closed it, and no event is written.',
      security,
      querystring: sosCloseQuerySchema,
      response: {
        200: sosSchema,
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate],
    handler: async (request) => {
      const closed = await closeSos(app.db, request.query.sosId, request.user!);
      if (!closed) throw notFound('SOS');
      return closed;
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.sosGetAll,
    schema: {
      tags: ['sos'],
      summary: 'History: closed SOS, newest closure first, with who closed them',
      security,
      response: { 200: sosHistorySchema, ...authErrors },
    },
    // Spec §6: the history is for super administrators.
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async () => listClosedSos(app.db),
  });
}
