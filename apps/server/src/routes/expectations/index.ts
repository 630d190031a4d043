import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceExpectationsQuerySchema,
  deviceExpectationsSchema,
  deviceSerialRequestSchema,
  deviceSupervisionBodySchema,
  deviceSupervisionQuerySchema,
  errorResponseSchema,
  PATHS,
  sosConflictErrorSchema,
  sosIdQuerySchema,
  sosSchema,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import { perDeviceRateLimit } from '../device-api/rate-limit.js';
import { confirmCheckIn, deviceCheckIn, deviceTest } from '../../expectations/calls.js';
import { readExpectations, setSupervision } from '../../expectations/settings.js';
import { conflict } from '../sos/handling.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema.describe('NOT_FOUND: no such (visible) device or SOS'),
};
const bearer = [{ bearerAuth: [] }];
const apiKey = [{ apiKey: [] }];

/** Expected events (docs/expected-events.md): supervision, periodic tests, check-ins. */
export default async function expectationRoutes(app: FastifyInstance, options: RouteOptions) {
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
      security: bearer,
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
      security: bearer,
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
        security: apiKey,
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

  routes.route({
    method: 'POST',
    url: PATHS.sosCheckin,
    schema: {
      tags: ['sos'],
      summary:
        '"Check-in confermato": the operator records the resident\'s check-in on an open SOS',
      description:
        "A check-in of the SOS's device, with who on its timeline; the SOS stays open. Event sos-updated.",
      security: bearer,
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
