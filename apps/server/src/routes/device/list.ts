import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceContactListSchema,
  deviceContactsQuerySchema,
  deviceDeleteQuerySchema,
  deviceListSchema,
  type Device,
  errorResponseSchema,
  INCLUDED_EVENT_IDS_HEADER,
  LAST_EVENT_ID_HEADER,
  PATHS,
} from '@sos/contract';
import { notFound } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { softDeleteDevice } from '../../devices/repository.js';
import { readDeviceSnapshot } from '../../devices/snapshot.js';
import { auditByOf } from '../../audit/by.js';
import { findContacts } from '../../devices/contacts.js';

/*
 * The list at 100,000 devices is 17.9 MB of JSON. Measured on it (bench console-10k, getAll per encoding): brotli
 * quality 2 writes 298 KB in ~45 ms where the plugin's default 4 writes 276 KB in ~250 ms;
 * gzip level 1 writes 890 KB in ~25 ms, no bigger than level 6's 894 KB in ~90 ms. On a
 * busy core the time matters more than 8 % of a few hundred KB on an operator's network.
 */
const LIST_COMPRESSION = {
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    },
  },
  zlibOptions: { level: 1 },
};
const authErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** The console's device routes (docs/console.md): the dashboard list and deletion. */
export default async function deviceListRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'GET',
    url: PATHS.deviceGetAll,
    schema: {
      tags: ['device'],
      summary: 'Devices with their open SOS, those with an open SOS first (docs/console.md)',
      description:
        'The header `X-Last-Event-Id` names the last live event this list includes: open the live stream with it as `Last-Event-ID` and nothing raised meanwhile is missed (docs/security.md). `X-Included-Event-Ids` (comma-separated, often empty) names the events after it that the list already includes: the stream replays them, skip them. Compressed when the client accepts it.',
      response: { 200: deviceListSchema, ...authErrors },
    },
    compress: LIST_COMPRESSION,
    // Every signed-in role watches the dashboard.
    onRequest: [app.authenticate],
    handler: async (_request, reply) => {
      // Writers are not stopped for the read (live/store.ts): the few events it overlaps are named.
      const { head, included, json } = await readDeviceSnapshot(app.db);
      // Already JSON (written by the database): a string with a JSON content type is sent as
      // is by Fastify, not serialized a second time; the typed reply only knows the object.
      return reply
        .header(LAST_EVENT_ID_HEADER, String(head))
        .header(INCLUDED_EVENT_IDS_HEADER, included.join(','))
        .type('application/json; charset=utf-8')
        .send(json as unknown as Device[]);
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.deviceContacts,
    schema: {
      tags: ['device'],
      summary: 'Last contact, online state and battery of the given devices, as they are now',
      description:
        'For the cards on screen (docs/shift.md): `ids` is a comma-separated list of 1 to 200 device ids. Unknown or deleted devices are left out of the answer.',
      querystring: deviceContactsQuerySchema,
      response: { 200: deviceContactListSchema, 400: errorResponseSchema, ...authErrors },
    },
    // Every signed-in role watches the dashboard.
    onRequest: [app.authenticate],
    handler: (request) => findContacts(app.db, request.query.ids),
  });

  routes.route({
    method: 'DELETE',
    url: PATHS.deviceDelete,
    schema: {
      tags: ['device'],
      summary: 'Deletes a device (softly: its history stays) and closes its open SOS',
      querystring: deviceDeleteQuerySchema,
      response: {
        204: z.null().describe('Deleted'),
        400: errorResponseSchema,
        ...authErrors,
        404: errorResponseSchema,
      },
    },
    onRequest: [app.authenticate, app.requireRole('SUPER_ADMIN')],
    handler: async (request, reply) => {
      const user = request.user!;
      const deleted = await softDeleteDevice(app.db, request.query.id, user, auditByOf(request));
      if (!deleted) throw notFound('Device');
      return reply.code(204).send(null);
    },
  });
}
