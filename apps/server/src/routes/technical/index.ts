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
import { auditByOf } from '../../audit/by.js';

const tags = ['technical alarms'];
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** Technical alarms (docs/alarm-handling.md), for a console that loads after they were raised. */
export default async function technicalAlarmRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.alarmsTechnical,
    schema: {
      tags,
      summary:
        'Offline devices (since their last contact), SOS of deleted devices, and low battery, power failure and tamper as devices reported them',
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
      summary: "Dismisses a device's technical alarm (super administrators)",
      description:
        'type: DELETED_DEVICE_SOS (the default; event device-deleted-sos-dismissed {id}), LOW_BATTERY, POWER_FAILURE or TAMPER (event technical-alarm-cleared {type, deviceId}). DEVICE_OFFLINE clears itself when the device is heard.',
      querystring: technicalAlarmDismissQuerySchema,
      response: {
        204: z.null().describe('Dismissed'),
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema.describe(
          'NOT_FOUND: that device has no standing technical alarm of that type',
        ),
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request, reply) => {
      if (!(await dismissTechnicalAlarm(app.db, request.query, auditByOf(request))))
        throw notFound('Technical alarm');
      return reply.code(204).send(null);
    },
  });
}
