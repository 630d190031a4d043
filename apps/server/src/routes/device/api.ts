import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceRegisterRequestSchema,
  deviceHeartbeatRequestSchema,
  deviceSchema,
  deviceSosRequestSchema,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  PATHS,
  sosSchema,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { perDeviceRateLimit } from './rate-limit.js';
import { registerDevice } from '../../devices/contact.js';
import { raiseSos } from '../../devices/raise-sos.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema.describe('DEVICE_DELETED: this device was deleted by an administrator'),
  429: errorResponseSchema.describe(
    'RATE_LIMITED: too many wrong keys from this address (SOS_KEY_FAILURES_PER_ADDRESS), or, but for an SOS, too many calls of this device (SOS_DEVICE_RATE_LIMIT); see Retry-After',
  ),
};

/** The device API (docs/contract.md), authenticated by the configuration API key. */
export default async function deviceApiRoutes(app: FastifyInstance, options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: perDeviceRateLimit(options.env.SOS_DEVICE_RATE_LIMIT) };

  routes.route({
    method: 'POST',
    url: PATHS.deviceRegister,
    schema: {
      tags: ['device API'],
      summary: 'Registers a device (201), or renames a known serial (200)',
      body: deviceRegisterRequestSchema,
      response: { 200: deviceSchema, 201: deviceSchema, ...errors },
    },
    config,
    onRequest: [app.deviceAuth],
    handler: async (request, reply) => {
      const { serial, displayName } = request.body;
      const { created, value } = await registerDevice(app.db, serial, displayName);
      return reply.code(created ? 201 : 200).send(value);
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.deviceSos,
    schema: {
      tags: ['device API'],
      summary: "Raises an SOS (201), or answers the device's open one / the key's one (200)",
      description:
        'An optional location {lat, lon, accuracyM} is kept with a new SOS (docs/alarm-handling.md). An optional kind (default PANIC; an unknown one is a 400 and raises nothing): on an open SOS of another kind it is a further alarm that re-alerts it (docs/alarm-handling.md, "Re-alert"): a DEVICE_EVENT timeline entry, the most severe kind received (FIRE, GAS, MEDICAL, FALL, PANIC, INTRUSION, FLOOD, INACTIVITY, WANDERING, OTHER), realertedAt set, unacknowledged again, the escalation clock restarted, sos-updated then sos-realerted; the answer is the SOS as it then stands (docs/alarm-kinds.md). Never rate limited with the right key (docs/security.md): a repeat answers the open SOS. Wrong keys are counted per address.',
      body: deviceSosRequestSchema,
      headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }),
      response: { 200: sosSchema, 201: sosSchema, ...errors, 404: errorResponseSchema },
    },
    onRequest: [app.deviceAuth],
    handler: async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { serial, location, kind } = request.body;
      const { created, value } = await raiseSos(
        app.db,
        serial,
        key,
        location,
        kind,
        app.sosWrites.raiseNew,
      );
      return reply.code(created ? 201 : 200).send(value);
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.deviceHeartbeat,
    schema: {
      tags: ['device API'],
      summary: "Records the device's last contact and battery (monitored from the first heartbeat)",
      description:
        'A device silent for offlineAfterSeconds goes offline (device-offline); its next call brings it back (device-online).',
      body: deviceHeartbeatRequestSchema,
      response: { 204: z.null().describe('Recorded'), ...errors, 404: errorResponseSchema },
    },
    config,
    onRequest: [app.deviceAuth],
    handler: async (request, reply) => {
      await app.heartbeats.record(request.body.serial, request.body.battery);
      return reply.code(204).send(null);
    },
  });
}
