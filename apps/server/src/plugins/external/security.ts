import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { apiPath } from '@sos/contract';

/** The console loads nothing cross-origin; helmet's other defaults (nosniff...) stay. */
const HELMET: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // blob: the alarm and the chime, fetched once at sign-in and played from memory, so a
      // server outage never silences them (docs/shift.md "Sounds kept"). Only this origin's
      // own scripts can make a blob: URL of it.
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, computed once. @fastify/helmet ran helmet(options) on every response,
 * parsing the policy again each time (1–2 % of the server's CPU under 1,667 heartbeats/s),
 * and set the headers on node's response, which keeps them for a live stream's
 * whole life. These options have no per-request part (no nonces), so the headers are constant.
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Answers that carry a token (login, refresh, the softphone's credentials), a key (the device
 * API key) or a profile: never kept by a browser's or a proxy's cache (docs/security.md).
 */
const NO_STORE = new Set([
  apiPath('login'),
  apiPath('refreshAuth'),
  apiPath('confApiKey'),
  apiPath('deviceProfile'),
  apiPath('voiceCredentials'),
]);

/** Security headers on every answer. Rate limits and throttles are the throttle plugin's (docs/security.md). */
async function securityPlugin(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (NO_STORE.has(request.url.split('?', 1)[0]!)) reply.header('cache-control', 'no-store');
    done();
  });
}

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
