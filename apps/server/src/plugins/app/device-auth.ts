import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import { CachedValue } from '../../lib/cached-value.js';
import { getSetting, SETTING_KEYS } from '../../db/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of the device API: 401 unless X-Api-Key is the current key; wrong keys
     * are counted per address (docs/security.md), a right key never is.
     */
    deviceAuth: onRequestAsyncHookHandler;
    /** The key changed (here or, through the control channel, on another process): re-read it. */
    forgetApiKey(): void;
  }
}

/**
 * How long a process trusts the key it read. A change made here applies at once, one made
 * by another process as soon as its control notification arrives (plugins/app/live.ts); this
 * bound only covers a notification lost with a LISTEN connection.
 */
export const API_KEY_TTL_MS = 1000;

async function deviceAuthPlugin(app: FastifyInstance) {
  const key = new CachedValue(async () => {
    const value = await getSetting(app.db, SETTING_KEYS.apiKey);
    // Digested once per read, not per call: the comparison needs equal lengths.
    return value === undefined ? undefined : digest(value);
  }, API_KEY_TTL_MS);

  app.decorate('forgetApiKey', () => key.forget());
  app.decorate('deviceAuth', async function deviceAuth(request: FastifyRequest) {
    const sent = request.headers[API_KEY_HEADER];
    const refusal =
      typeof sent !== 'string' || sent === ''
        ? 'Missing X-Api-Key header'
        : await key
            .get()
            .then((current) =>
              current !== undefined && timingSafeEqual(digest(sent), current)
                ? null
                : 'Invalid device API key',
            );
    if (refusal)
      await app.throttle.keyFailed(request, new HttpError(401, 'INVALID_API_KEY', refusal));
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export default fp(deviceAuthPlugin, {
  name: 'device-auth',
  dependencies: ['db', 'throttle'],
  fastify: '5.x',
});
