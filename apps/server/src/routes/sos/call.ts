import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PATHS,
  sosCallBodySchema,
  sosConflictErrorSchema,
  sosIdQuerySchema,
  sosTimelineEntrySchema,
  type Sos,
} from '@sos/contract';
import { HttpError, notFound } from '../../lib/http-error.js';
import { auditByOf } from '../../audit/by.js';
import { logCall } from '../../sos/calls.js';

interface Shared {
  tags: string[];
  errors: Record<400 | 401 | 403 | 404, unknown>;
  conflict: (reply: FastifyReply, code: 'SOS_NOT_OPEN', sos: Sos) => FastifyReply;
}

/** POST /api/sos/call (docs/call-out.md): one call an operator made, with its result. */
export function callRoute(app: FastifyInstance, { tags, errors, conflict }: Shared) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: PATHS.sosCall,
    schema: {
      tags,
      summary: 'Records a call made while handling an open SOS, with its result (event sos-note)',
      description:
        'to RESIDENT (the resident must have a phone; no contactIndex) or CONTACT with contactIndex, an index ' +
        "of the profile's contacts; a 400 names the field otherwise. 201: the CALL timeline entry, whose `call` " +
        'copies name and phone as they are now (a later profile edit does not rewrite it) and whose text is ' +
        'the note (≤ 500). Unknown SOS: 404; closed: 409 SOS_NOT_OPEN with `sos`. Any signed-in role.',
      querystring: sosIdQuerySchema,
      body: sosCallBodySchema,
      response: { 201: sosTimelineEntrySchema, ...errors, 409: sosConflictErrorSchema },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      const result = await logCall(
        app.db,
        request.query.sosId,
        request.user!,
        request.body,
        auditByOf(request),
      );
      if ('entry' in result) return reply.code(201).send(result.entry);
      if (result.error === 'NOT_FOUND') throw notFound('SOS');
      // Closed: the 409 carries the SOS as it stands, so the console can say who closed it.
      if (result.error === 'NOT_OPEN') return conflict(reply, 'SOS_NOT_OPEN', result.sos);
      throw new HttpError(400, 'VALIDATION_ERROR', `body.${result.field}: ${result.message}`);
    },
  });
}
