import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPath,
  errorResponseSchema,
  PATHS,
  VOICE_CALLBACK_PREFIX,
  VOICE_WS_PATH,
  voiceCredentialsSchema,
  voiceEventSchema,
  voiceRouteQuerySchema,
  voiceRouteSchema,
} from '@sos/contract';
import type { RouteOptions } from '../../app-env.js';
import { HttpError } from '../../lib/http-error.js';
import { ephemeralCredentials, operatorSipUser } from '../../voice/credentials.js';
import { recordVoiceEvent } from '../../voice/events.js';
import { callBackTarget, inboundRoute, mayRegister } from '../../voice/route.js';
import { carriesSecret } from '../../voice/secret.js';

const tags = ['voice'];
/** The OpenAPI security of Kamailio's calls: its shared secret as a bearer (plugins/external/docs.ts). */
const KAMAILIO_SECURITY = [{ voiceSecret: [] }];
const disabled = () => new HttpError(404, 'VOICE_DISABLED', 'Voice is off on this server');

/** Voice (docs/voice.md): the softphone's credentials; Kamailio's events and questions. */
export default async function voiceRoutes(app: FastifyInstance, _options: RouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const fromKamailio = (request: FastifyRequest) =>
    app.voice !== null && carriesSecret(request.headers.authorization, app.voice.secret);
  /** Kamailio's calls carry the shared secret; voice off: 404 as for everyone. */
  const kamailioOnly = async (request: FastifyRequest) => {
    if (!app.voice) throw disabled();
    if (!fromKamailio(request)) throw new HttpError(401, 'UNAUTHORIZED', 'Not the voice service');
  };
  // Kamailio asks on every call and REGISTER, all from one address: with its secret it is the
  // centre's own switch, never a client to slow down (docs/voice.md "Kamailio and the rate limit"); a wrong
  // secret is counted like any caller's request.
  for (const path of ['voiceEvents', 'voiceRoute'] as const)
    app.throttle.exempt(apiPath(path), fromKamailio);

  routes.route({
    method: 'GET',
    url: PATHS.voiceCredentials,
    schema: {
      tags,
      summary: "This user's ephemeral SIP credentials (12 h) for the console's softphone",
      description: `Registers over ${VOICE_WS_PATH} as sip:<user after the colon>@domain. 404 VOICE_DISABLED when voice is off.`,
      response: { 200: voiceCredentialsSchema, 401: errorResponseSchema, 404: errorResponseSchema },
    },
    onRequest: [app.authenticate],
    handler: async (request, reply) => {
      if (!app.voice) throw disabled();
      const credentials = ephemeralCredentials(app.voice.secret, operatorSipUser(request.user!.id));
      void reply.header('cache-control', 'no-store');
      return {
        domain: app.voice.domain,
        username: credentials.username,
        password: credentials.password,
        expiresAt: credentials.expiresAt.toISOString(),
        wsPath: VOICE_WS_PATH,
      } as const;
    },
  });

  routes.route({
    method: 'POST',
    url: PATHS.voiceEvents,
    schema: {
      tags,
      summary: "Kamailio's call events (shared secret): the end of a call writes its CALL entry",
      description:
        'Repeats change nothing (a call is known by its Call-ID). 401 without the secret, nothing written.',
      security: KAMAILIO_SECURITY,
      body: voiceEventSchema,
      response: {
        204: z.null(),
        400: errorResponseSchema,
        401: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    onRequest: [kamailioOnly],
    handler: async (request, reply) => {
      const outcome = await recordVoiceEvent(app.db, request.body);
      if ('skipped' in outcome && outcome.skipped !== 'PROGRESS' && outcome.skipped !== 'REPEAT') {
        request.log.info(
          { callEvent: request.body.event, skipped: outcome.skipped },
          'voice: call event without an open SOS',
        );
      }
      return reply.code(204).send(null);
    },
  });

  routes.route({
    method: 'GET',
    url: PATHS.voiceRoute,
    schema: {
      tags,
      summary:
        "Kamailio's routing questions (shared secret): who calls sos@, a call-back's target, may an operator register",
      security: KAMAILIO_SECURITY,
      querystring: voiceRouteQuerySchema,
      response: {
        200: voiceRouteSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
        404: errorResponseSchema,
      },
    },
    onRequest: [kamailioOnly],
    handler: async (request) => {
      const { from, to } = request.query;
      if (to === 'register') {
        if (!(await mayRegister(app.db, from)))
          throw new HttpError(403, 'FORBIDDEN', 'This user may not use voice');
        return {
          deviceId: null,
          deviceName: null,
          sosId: null,
          caller: from,
          unit: null,
          target: null,
        };
      }
      if (to.startsWith(VOICE_CALLBACK_PREFIX)) {
        const target = await callBackTarget(app.db, to);
        if (!target) throw new HttpError(404, 'NOT_FOUND', 'No call-back for this SOS');
        return {
          deviceId: null,
          deviceName: null,
          sosId: Number(to.slice(VOICE_CALLBACK_PREFIX.length)),
          caller: from,
          unit: true,
          target,
        };
      }
      return inboundRoute(app.db, from);
    },
  });
}
