import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PATHS, sosConflictErrorSchema, sosIdQuerySchema, sosSchema } from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import { confirmCheckIn } from '../../expectations/calls.js';
import { conflict } from './handling.js';
import { signedInErrorsWith404 } from '../errors.js';

const errors = signedInErrorsWith404('no such SOS');

/** The operator confirms a resident's check-in on an open SOS (docs/expected-events.md). */
export function checkInRoute(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: PATHS.sosCheckin,
    schema: {
      tags: ['sos'],
      summary:
        '"Check-in confermato": the operator records the resident\'s check-in on an open SOS',
      description:
        "A check-in of the SOS's device, with who on its timeline; the SOS stays open. Event sos-updated.",
      querystring: sosIdQuerySchema,
      response: { 200: sosSchema, ...errors, 409: sosConflictErrorSchema },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      const result = await confirmCheckIn(app.db, request.query.sosId, request.user!);
      if ('sos' in result && !('error' in result)) return result.sos;
      if (result.error === 'NOT_FOUND') throw notFound('SOS');
      return conflict(reply, 'SOS_NOT_OPEN', result.sos);
    },
  });
}
