import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { getSetting, SETTING_KEYS } from '../../db/settings.js';
import { usernameHasher } from '../../audit/username-hash.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The keyed hash a failed login's unknown username is recorded as (audit/username-hash.ts). */
    auditUsernameHash(username: string): string;
  }
}

interface AuditPluginOptions {
  jwtSecret?: string | undefined;
}

/** The server's secret, as the auth plugin settled it (given, or generated and stored). */
async function auditPlugin(app: FastifyInstance, options: AuditPluginOptions) {
  const secret = options.jwtSecret ?? (await getSetting(app.db, SETTING_KEYS.jwtSecret));
  if (secret === undefined) throw new Error('audit: the server secret is missing');
  app.decorate('auditUsernameHash', usernameHasher(secret));
}

export default fp(auditPlugin, { name: 'audit', dependencies: ['db', 'auth'], fastify: '5.x' });
