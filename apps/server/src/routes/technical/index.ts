import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  PATHS,
  technicalAlarmDismissQuerySchema,
  technicalAlarmListSchema,
} from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { dismissTechnicalAlarm, listTechnicalAlarms } from '../../devices/technical-repository.js';

const tags = ['technical alarms'];
const security = [{ bearerAuth: [] }];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** Technical alarms (DESIGN §6), for a console that loads after they were raised. */
export default async function technicalAlarmRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.alarmsTechnical,
    schema: {
      tags,
      security,
      summary: 'Offline devices (since their last contact) and SOS of deleted devices',
      response: { 200: technicalAlarmListSchema, ...authErrors },
    },
    onRequest: [app.authenticate],
    handler: async () => listTechnicalAlarms(app.db),
  });

  routes.route({
    method: 'POST',
    url: PATHS.alarmsTechnicalDismiss,
    schema: {
      tags,
      security,
      summary: "Dismisses a deleted device's SOS alarm (super administrators); event device-deleted-sos-dismissed",
      querystring: technicalAlarmDismissQuerySchema,
      response: {
        204: z.null().describe('Dismissed'),
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema.describe('NOT_FOUND: that device has no stored technical alarm'),
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request, reply) => {
      if (!(await dismissTechnicalAlarm(app.db, request.query.deviceId))) throw notFound('Technical alarm');
      return reply.code(204).send(null);
    },
  });
}
