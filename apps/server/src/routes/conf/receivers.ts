import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, PATHS, receiversResponseSchema } from '@sos/contract';

/** GET /api/conf/receivers: each receiver per transport, on or off, with its counts. */
export function receiversConfRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PATHS.confReceivers,
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    schema: {
      tags: ['conf'],
      summary:
        'The alarm receivers (DC-09, SCAIP): port, listening, frames and refusals per transport',
      description:
        'One entry per protocol and transport. frames: messages received by this process since it ' +
        'started; refused: those answered NAK, DUH, snu ≠ 0 or not at all. port null: off.',
      response: {
        200: receiversResponseSchema,
        401: errorResponseSchema.describe('No valid access token'),
        403: errorResponseSchema.describe('Not a super administrator'),
      },
    },
    handler: async () => app.receivers.status(),
  });
}
