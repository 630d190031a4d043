import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALARM_CONF_BOUNDS,
  ALARM_CONF_DEFAULTS,
  alarmConfSchema,
  alarmConfUpdateSchema,
  errorResponseSchema,
  PATHS,
  type AlarmSecondsSetting,
} from '@sos/contract';
import { readAlarmConf, writeAlarmConf } from '../../conf/alarm-repository.js';
import { auditByOf } from '../../audit/by.js';

/** "5–3600 (default 60)": a setting's bounds and default, as the contract has them. */
const bounds = (setting: AlarmSecondsSetting) =>
  `${ALARM_CONF_BOUNDS[setting].min}–${ALARM_CONF_BOUNDS[setting].max} (default ${ALARM_CONF_DEFAULTS[setting]})`;

const tags = ['conf'];

/** /api/conf/alarm (docs/alarm-handling.md): read by every signed-in role, written by super administrators. */
export function alarmConfRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.confAlarm,
    onRequest: [app.authenticate],
    schema: {
      tags,
      summary:
        'Alarm settings: seconds to take charge before escalation, seconds before a device is offline',
      response: { 200: alarmConfSchema, 401: errorResponseSchema },
    },
    handler: async () => readAlarmConf(app.db),
  });

  routes.route({
    method: 'POST',
    url: PATHS.confAlarm,
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    schema: {
      tags,
      summary: 'Changes the alarm settings; a field left out keeps its value',
      description:
        `ackTargetSeconds ${bounds('ackTargetSeconds')}, offlineAfterSeconds ${bounds('offlineAfterSeconds')}, ` +
        'requireOutcome true/false (default false: one-click close), dashboardOrder NEWEST (default) or URGENT.',
      body: alarmConfUpdateSchema,
      response: {
        200: alarmConfSchema,
        400: errorResponseSchema.describe('VALIDATION_ERROR naming the field'),
        401: errorResponseSchema,
        403: errorResponseSchema.describe('Not a super administrator'),
      },
    },
    handler: async (request) => {
      const conf = await writeAlarmConf(app.db, request.body, auditByOf(request));
      // A shorter target may make open SOS overdue now: this process sweeps at once (the
      // others read the target with every sweep and poll within seconds).
      app.escalation.wake();
      // A shorter offline delay may make silent devices offline now: sweep at once, too.
      await app.offlineSweep.runNow();
      return conf;
    },
  });
}
