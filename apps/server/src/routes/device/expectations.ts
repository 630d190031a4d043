import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceExpectationsQuerySchema,
  deviceExpectationsSchema,
  deviceSerialRequestSchema,
  deviceSupervisionBodySchema,
  deviceSupervisionQuerySchema,
  PATHS,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import { perDeviceRateLimit } from './rate-limit.js';
import { deviceCheckIn, deviceTest } from '../../expectations/calls.js';
import { readExpectations, setSupervision } from '../../expectations/settings.js';
import { signedInErrorsWith404 } from '../errors.js';

const errors = signedInErrorsWith404('no such (visible) device');

/** A device's expected events (docs/expected-events.md): supervision, periodic tests, check-ins. */
export default async function deviceExpectationRoutes(app: FastifyInstance, options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const zone = options.env.TZ;
  const config = { rateLimit: perDeviceRateLimit(options.env.SOS_DEVICE_RATE_LIMIT) };

  routes.route({
    method: 'PATCH',
    url: PATHS.deviceSupervision,
    schema: {
      tags: ['device'],
      summary: "Sets a device's supervision and periodic test interval (super administrators)",
      description:
        'supervisionSeconds 10–604800 (null: the global offlineAfterSeconds); testIntervalHours 1–744 (null: no test expected). A key left out stays as it is.',
      querystring: deviceSupervisionQuerySchema,
      body: deviceSupervisionBodySchema,
      response: { 200: deviceExpectationsSchema, ...errors },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request) => {
      const expectations = await setSupervision(
        app.db,
        request.query.id,
        request.body,
        zone,
        auditByOf(request),
      );
      if (!expectations) throw notFound('Device');
      app.expectations.wake();
      await app.offlineSweep.runNow();
      return expectations;
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.deviceExpectations,
    schema: {
      tags: ['device'],
      summary: 'What is expected of a device: supervision, periodic tests, check-in windows',
      querystring: deviceExpectationsQuerySchema,
      response: { 200: deviceExpectationsSchema, ...errors },
    },
    onRequest: [app.authenticate],
    handler: async (request) => {
      const expectations = await readExpectations(app.db, request.query.id, zone);
      if (!expectations) throw notFound('Device');
      return expectations;
    },
  });

  for (const [url, record, summary] of [
    [
      PATHS.deviceTest,
      deviceTest,
      "The device's periodic test: contact, no SOS; clears TEST_MISSED",
    ],
    [
      PATHS.deviceCheckin,
      deviceCheckIn,
      "The resident's check-in: contact, no SOS; after a missed window, a note on its SOS",
    ],
  ] as const) {
    routes.route({
      method: 'POST',
      url,
      schema: {
        tags: ['device API'],
        summary,
        body: deviceSerialRequestSchema,
        response: { 204: z.null().describe('Recorded'), ...errors },
      },
      config,
      onRequest: [app.deviceAuth],
      handler: async (request, reply) => {
        await record(app.db, request.body.serial);
        return reply.code(204).send(null);
      },
    });
  }
}
