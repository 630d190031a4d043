import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER } from '@sos/contract';
import { HttpError } from '../lib/http-error.js';
import { getSetting, SETTING_KEYS } from '../db/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the device API: 401 unless X-Api-Key is the current key. */
    deviceAuth: onRequestHookHandler;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

async function deviceAuthPlugin(app: FastifyInstance) {
  app.decorate('deviceAuth', async function deviceAuth(request: FastifyRequest) {
    const sent = request.headers[API_KEY_HEADER];
    if (typeof sent !== 'string' || sent === '') {
      throw new HttpError(401, 'INVALID_API_KEY', 'Missing X-Api-Key header');
    }
    // Read on every call, so a changed key refuses the old one at once, on every process.
    const current = await getSetting(app.db, SETTING_KEYS.apiKey);
    if (current === undefined || !timingSafeEqual(digest(sent), digest(current))) {
      throw new HttpError(401, 'INVALID_API_KEY', 'Invalid device API key');
    }
  });
}

export default fp(deviceAuthPlugin, { name: 'device-auth', dependencies: ['db'], fastify: '5.x' });
