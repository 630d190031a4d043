import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../app-env.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deviceRenameBodySchema,
  deviceRenameQuerySchema,
  deviceSchema,
  errorResponseSchema,
  PATHS,
} from '@sos/contract';
import { auditByOf } from '../../audit/by.js';
import { renameDevice } from '../../devices/identity.js';
import { notFound } from '../../lib/http-error.js';

/**
 * PATCH /api/device/rename?id= (super administrators): the name operators know a device by,
 * given from its "Scheda assistito"; a device registered by a receiver starts as "DC-09 12AB"
 * and keeps the name given here whenever it is heard again (docs/alarm-kinds.md).
 */
export default async function deviceRenameRoutes(app: FastifyInstance, _options: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'PATCH',
    url: PATHS.deviceRename,
    schema: {
      tags: ['device'],
      summary:
        'Renames a device (super administrators); event device-renamed when the name changed',
      querystring: deviceRenameQuerySchema,
      body: deviceRenameBodySchema,
      response: {
        200: deviceSchema,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
        404: errorResponseSchema.describe('NOT_FOUND: no visible device has that id'),
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request) => {
      const device = await renameDevice(
        app.db,
        request.query.id,
        request.body.displayName,
        auditByOf(request),
      );
      if (!device) throw notFound('Device');
      return device;
    },
  });
}
