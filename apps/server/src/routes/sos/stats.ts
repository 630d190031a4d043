import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, PATHS, reportRangeQuerySchema, sosStatsSchema } from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { resolveStatsRange } from '../../sos/range.js';
import { ackTargetSeconds, sosStats } from '../../sos/stats-repository.js';

/** GET /api/sos/stats (docs/alarm-handling.md "Reports"): response times against the target, for managers. */
export default async function sosStatsRoutes(app: FastifyInstance, options: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PATHS.sosStats,
    schema: {
      tags: ['sos'],
      summary:
        'Reporting: acknowledgement and closing times, outcomes, kinds, by day and by operator, calls',
      description:
        'Over the SOS raised in [from, to). Each bound is an ISO 8601 instant or a date YYYY-MM-DD ' +
        "(that day's start for from, its end for to, in the server's TZ); default: the 7 days ending today. " +
        '"Ack" is raise → first acknowledgement; an SOS closed unacknowledged counts its close (credited to ' +
        'its closer); an open SOS past the target is a miss. Percentages over total, one decimal; ' +
        'seconds with one decimal; null where there is no data. The target is ackTargetSeconds. ' +
        'byKind counts the SOS by their kind (every kind listed, 0 when none). ' +
        'callsPerSos: the calls logged on the SOS raised in the range ÷ those SOS, one decimal, null when there ' +
        'is no SOS; contactReachedPct: ANSWERED CONTACT calls ÷ CONTACT calls (on those SOS), 0–100 with one ' +
        'decimal, null when there is no CONTACT call.',
      querystring: reportRangeQuerySchema,
      response: {
        200: sosStatsSchema,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request) => {
      const tz = options.env.TZ;
      const range = await resolveStatsRange(app.db, request.query, tz);
      return sosStats(app.db, range, tz, await ackTargetSeconds(app.db));
    },
  });
}
