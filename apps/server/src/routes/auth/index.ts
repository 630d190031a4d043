import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  logoutBodySchema,
  PATHS,
  refreshBodySchema,
  refreshQuerySchema,
} from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import type { RouteOptions } from '../../app-env.js';
import { login } from '../../auth/login.js';
import { refresh } from '../../auth/refresh.js';
import { logout } from '../../auth/logout.js';

const tags = ['auth'];

/** Login, token refresh and logout: the only console calls without a bearer token. */
export default async function authRoutes(app: FastifyInstance, options: RouteOptions) {
  const ttl = options.env.SOS_REFRESH_TOKEN_TTL_S;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.route({
    method: 'POST',
    url: PATHS.login,
    schema: {
      tags,
      summary: 'Log in: an access token and the first refresh token of a new family',
      body: loginRequestSchema,
      response: {
        200: authResponseSchema,
        400: errorResponseSchema,
        401: errorResponseSchema.describe(
          'INVALID_CREDENTIALS (unknown username or wrong password)',
        ),
        429: errorResponseSchema.describe(
          'TOO_MANY_LOGIN_ATTEMPTS: too many failures for this username from this address within 5 minutes (SOS_LOGIN_FAILURES_PER_PAIR); see Retry-After',
        ),
      },
    },
    handler: (request) =>
      login(
        app,
        { throttleAddress: app.throttle.address(request), ip: request.ip },
        request.body,
        ttl,
        {
          perPair: options.env.SOS_LOGIN_FAILURES_PER_PAIR,
          perAddress: options.env.SOS_LOGIN_FAILURES_PER_ADDRESS,
        },
      ),
  });

  await app.register(refreshRoute, options);

  routes.route({
    method: 'POST',
    url: PATHS.logout,
    schema: {
      tags,
      summary: "Log out: ends the refresh token's session (204 even if unknown)",
      description:
        'Its refresh tokens and access tokens are refused from then on, and its live streams end on every server process.',
      body: logoutBodySchema,
      response: { 204: z.null().describe('Logged out'), 400: errorResponseSchema },
    },
    handler: async (request, reply) => {
      await logout(
        { db: app.db, endSessions: app.live.endSessions },
        request.ip,
        request.body.refresh_token,
      );
      return reply.code(204).send(null);
    },
  });
}

/** The token may come in the query or in the body. */
async function refreshRoute(app: FastifyInstance, options: RouteOptions) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: PATHS.refreshAuth,
    schema: {
      tags,
      summary:
        'Rotate a refresh token: new access and refresh tokens; a reused one revokes its family',
      description:
        'The refresh token goes in the query (`?refresh_token=`, as the console calls it) or in a JSON body `{ "refresh_token" }`.',
      querystring: refreshQuerySchema,
      // Fastify gives a request without a body `null`: the query-only call of the spec.
      body: refreshBodySchema.nullable(),
      response: {
        200: authResponseSchema,
        400: errorResponseSchema,
        401: errorResponseSchema.describe(
          'INVALID_REFRESH_TOKEN: unknown, expired, revoked or reused; ACCOUNT_CHANGED: its session was ended by a role or password change',
        ),
      },
    },
    handler: (request) => {
      const fromQuery = request.query.refresh_token;
      const fromBody = request.body?.refresh_token;
      if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          'query.refresh_token and body.refresh_token differ: send the token once',
        );
      }
      const token = fromBody ?? fromQuery;
      if (token === undefined) {
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          'body.refresh_token: is required (or query.refresh_token)',
        );
      }
      return refresh(app, token, options.env.SOS_REFRESH_TOKEN_TTL_S);
    },
  });
}
