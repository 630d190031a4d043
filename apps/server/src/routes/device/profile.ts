import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceDeleteQuerySchema,
  deviceProfileResponseSchema,
  deviceProfileSchema,
  PATHS,
} from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { auditByOf } from '../../audit/by.js';
import { eraseProfile, updateProfile, viewProfile } from '../../devices/profile-audited.js';
import { scheduleProfileCheckIns } from '../../expectations/settings.js';
import { signedInErrorsWith404 } from '../errors.js';

const tags = ['device profile'];
const errors = signedInErrorsWith404('no such device');

/**
 * The person behind a device (docs/alarm-handling.md): personal data. Never logged (the logger writes no
 * bodies, test/routes/device/profile.test.ts checks), never in the live stream.
 */
export default async function profileRoutes(app: FastifyInstance, options: RouteOptions) {
  // Check-in windows are in TZ (docs/expected-events.md).
  const schedule = scheduleProfileCheckIns(options.env.TZ);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = [app.authenticate, app.requireRole('SUPER_ADMIN')];
  const found = <T>(value: T | undefined | false): T => {
    if (value === undefined || value === false) throw notFound('Device');
    return value;
  };

  routes.route({
    method: 'GET',
    url: PATHS.deviceProfile,
    schema: {
      tags,
      summary: "The device's resident profile (null fields and no contacts when none was written)",
      querystring: deviceDeleteQuerySchema,
      response: { 200: deviceProfileResponseSchema, ...errors },
    },
    onRequest: [app.authenticate],
    handler: async (request) =>
      found(await viewProfile(app.db, request.query.id, auditByOf(request))),
  });

  routes.route({
    method: 'PUT',
    url: PATHS.deviceProfile,
    schema: {
      tags,
      summary: "Replaces the device's resident profile (super administrators)",
      description:
        'Every field optional; residentName ≤ 120, address ≤ 300, notes ≤ 2,000, at most 5 contacts (name 1–120, relation ≤ 60); phones match ^\\+?[0-9 ()./-]{3,30}$.',
      querystring: deviceDeleteQuerySchema,
      body: deviceProfileSchema,
      response: { 200: deviceProfileResponseSchema, ...errors },
    },
    onRequest: superAdmin,
    handler: async (request) =>
      found(
        await updateProfile(app.db, request.query.id, request.body, auditByOf(request), schedule),
      ),
  });

  routes.route({
    method: 'POST',
    url: PATHS.devicePurge,
    schema: {
      tags,
      summary: "Erases the device's resident profile for good (super administrators)",
      querystring: deviceDeleteQuerySchema,
      response: { 204: z.null().describe('Erased'), ...errors },
    },
    onRequest: superAdmin,
    handler: async (request, reply) => {
      found(await eraseProfile(app.db, request.query.id, auditByOf(request), schedule));
      return reply.code(204).send(null);
    },
  });
}
