import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  PATHS,
  sosCloseBodySchema,
  sosCloseQuerySchema,
  sosHistorySchema,
  sosSchema,
} from '@sos/contract';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { handlingRoutes } from './handling.js';
import { checkInRoute } from './checkin.js';
import { closeSos, listClosedSos } from '../../sos/repository.js';
import { auditByOf } from '../../audit/by.js';
import sosStatsRoutes from './stats.js';
import sosHistoryRoutes from './history.js';

const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The console's SOS routes (docs/console.md, docs/alarm-handling.md); the live stream lives in routes/live. */
export default async function sosRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await app.register(sosStatsRoutes, _options);
  await app.register(sosHistoryRoutes, _options);

  routes.route({
    method: 'PATCH',
    url: PATHS.sosClose,
    schema: {
      tags: ['sos'],
      summary:
        'Closes an open SOS (any signed-in role, docs/console.md), with an optional outcome and note',
      description:
        'The body is optional: none, an empty one and {} all close without an outcome or note. ' +
        'An SOS already closed answers 200 and the SOS as it was closed (closedBy names who). ' +
        "While the alarm settings' requireOutcome is on, a close without `outcome` is 400 OUTCOME_REQUIRED.",
      querystring: sosCloseQuerySchema,
      body: sosCloseBodySchema,
      response: {
        200: sosSchema,
        400: errorResponseSchema.describe('VALIDATION_ERROR naming the field; OUTCOME_REQUIRED'),
        ...authErrors,
        404: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate],
    handler: async (request) => {
      // The close policy (docs/alarm-handling.md): read after every close arrives, so a change applies at once.
      if (!request.body?.outcome && (await app.sosWrites.outcomeRequired())) {
        throw new HttpError(
          400,
          'OUTCOME_REQUIRED',
          'body.outcome is required: closing needs an outcome',
        );
      }
      const result = await closeSos(
        app.db,
        request.query.sosId,
        request.user!,
        request.body ?? {},
        auditByOf(request),
        app.sosWrites.closeOpen,
      );
      if ('error' in result) throw notFound('SOS');
      return result.sos;
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.sosGetAll,
    schema: {
      tags: ['sos'],
      summary: 'History: closed SOS, newest closure first, with who closed them',
      response: { 200: sosHistorySchema, ...authErrors },
    },
    // docs/console.md: the history is for super administrators.
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async () => listClosedSos(app.db),
  });

  handlingRoutes(app);
  checkInRoute(app);
}
