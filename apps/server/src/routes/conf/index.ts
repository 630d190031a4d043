import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_KEY_MAX_LENGTH,
  API_KEY_MIN_LENGTH,
  apiKeyResponseSchema,
  errorResponseSchema,
  PATHS,
  setApiKeyRequestSchema,
} from '@sos/contract';
import { auditByOf } from '../../audit/by.js';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { alarmConfRoutes } from './alarm.js';
import { receiversConfRoutes } from './receivers.js';
import { readApiKey, writeApiKey } from '../../conf/repository.js';

const tags = ['conf'];

const denied = {
  400: errorResponseSchema,
  401: errorResponseSchema.describe('No valid access token'),
  403: errorResponseSchema.describe('Not a super administrator'),
};

/** The device API key (docs/console.md /conf/apiKey): super administrators only. */
export default async function confRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = [app.authenticate, app.requireRole('SUPER_ADMIN')];

  routes.route({
    method: 'GET',
    url: PATHS.confApiKey,
    onRequest,
    schema: {
      tags,
      summary: 'The API key the devices send as X-Api-Key',
      response: {
        200: apiKeyResponseSchema,
        ...denied,
        404: errorResponseSchema.describe('NOT_FOUND: no key configured yet'),
      },
    },
    handler: async () => {
      const apiKey = await readApiKey(app.db);
      if (apiKey === undefined) throw notFound('Device API key');
      return { apiKey };
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.confApiKey,
    onRequest,
    schema: {
      tags,
      summary: 'Change the device API key: devices still sending the old one are refused at once',
      description: `The key is trimmed; ${API_KEY_MIN_LENGTH} to ${API_KEY_MAX_LENGTH} printable ASCII characters.`,
      body: setApiKeyRequestSchema,
      response: { 200: apiKeyResponseSchema, ...denied },
    },
    handler: async (request) => {
      await writeApiKey(app.db, request.body.apiKey, auditByOf(request));
      app.forgetApiKey(); // this process at once; the others on the notification
      return { apiKey: request.body.apiKey };
    },
  });

  alarmConfRoutes(app);
  receiversConfRoutes(app);
}
