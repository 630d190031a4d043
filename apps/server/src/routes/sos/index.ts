import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  PATHS,
  sosCloseQuerySchema,
  sosHistorySchema,
  sosSchema,
} from '@sos/contract';
import { HttpError, notFound } from '../../lib/http-error.js';
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
      summary: 'Closes an open SOS (any signed-in role, spec §6)',
      security,
      querystring: sosCloseQuerySchema,
      response: {
        200: sosSchema,
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema,
        409: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate],
    handler: async (request) => {
      const result = await closeSos(app.db, request.query.sosId, request.user!);
      if ('sos' in result) return result.sos;
      if (result.error === 'NOT_FOUND') throw notFound('SOS');
      throw new HttpError(409, 'SOS_NOT_OPEN', 'This SOS is already closed');
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
