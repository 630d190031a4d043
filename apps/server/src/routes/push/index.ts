import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  PATHS,
  pushKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeQuerySchema,
} from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { deleteSubscription, saveSubscription } from '../../push/subscriptions.js';

const tags = ['push'];
const authErrors = { 401: errorResponseSchema };

/** Web Push (docs/push.md): the server's public key and this browser's subscription. */
export default async function pushRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.pushKey,
    schema: {
      tags,
      summary:
        "The server's VAPID public key (base64url, 65-byte P-256 point): the browser's applicationServerKey",
      response: { 200: pushKeyResponseSchema, ...authErrors },
    },
    onRequest: [app.authenticate],
    handler: async () => ({ publicKey: app.push.keys.publicKey }),
  });

  routes.route({
    method: 'POST',
    url: PATHS.pushSubscriptions,
    schema: {
      tags,
      summary:
        "Stores this browser's push subscription for the caller: 201 new, 200 known endpoint (now the caller's)",
      body: pushSubscriptionSchema,
      response: {
        200: z.null().describe('Known endpoint, updated'),
        201: z.null().describe('Stored'),
        400: errorResponseSchema,
        ...authErrors,
      },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      // The contract lets http: on loopback through; only a test server takes it.
      if (!app.push.allowHttp && new URL(request.body.endpoint).protocol !== 'https:') {
        throw new HttpError(400, 'VALIDATION_ERROR', 'body.endpoint: must be an https: URL');
      }
      const created = await saveSubscription(app.db, request.user!.id, request.body);
      app.push.subscribed();
      return reply.code(created ? 201 : 200).send(null);
    },
  });

  routes.route({
    method: 'DELETE',
    url: PATHS.pushSubscriptions,
    schema: {
      tags,
      summary: "Deletes the caller's subscription of that endpoint (204 also when there is none)",
      querystring: pushUnsubscribeQuerySchema,
      response: {
        204: z.null().describe('Deleted, or none of the caller'),
        400: errorResponseSchema,
        ...authErrors,
      },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      await deleteSubscription(app.db, request.user!.id, request.query.endpoint);
      return reply.code(204).send(null);
    },
  });
}
