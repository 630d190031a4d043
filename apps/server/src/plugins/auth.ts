import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@sos/contract';
import { HttpError, forbidden } from '../lib/http-error.js';
import { ensureSetting, SETTING_KEYS } from '../db/settings.js';
import { users } from '../db/schema.js';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

export interface AccessToken {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: {
      signAccess(user: AuthUser): Promise<AccessToken>;
      /** Verifies signature (HS256 only) and expiry; returns the user id and expiry. */
      verifyAccess(token: string): Promise<{ userId: number; expiresAt: number }>;
    };
    /** onRequest hook: a valid bearer access token of an existing user, else 401. */
    authenticate: onRequestHookHandler;
    /** onRequest hook (after authenticate): 403 unless the user has one of the roles. */
    requireRole(...roles: Role[]): onRequestHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: AuthUser | null;
    /** Unix seconds at which the request's access token expires. */
    tokenExpiresAt: number | null;
  }
}

export interface AuthPluginOptions {
  jwtSecret?: string | undefined;
  accessTokenTtlS: number;
}

const ALGORITHM = 'HS256';
/** Verified access tokens remembered per process (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;
const ISSUER = 'sos-console';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const secretText =
    options.jwtSecret ??
    (await ensureSetting(app.db, SETTING_KEYS.jwtSecret, randomBytes(48).toString('base64url')));
  const key = new TextEncoder().encode(secretText);
  // Tokens whose signature this process already checked (the same string always carries the
  // same claims, signed with this key): WebCrypto verification was ~4 % of the CPU of a busy
  // server. Expiry is still checked on every use.
  const verified = new Map<string, { userId: number; expiresAt: number }>();
  const remember = (token: string, claims: { userId: number; expiresAt: number }) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };

  app.decorate('tokens', {
    async signAccess(user: AuthUser) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + options.accessTokenTtlS;
      const token = await new SignJWT({ role: user.role, username: user.username })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verifyAccess(token: string) {
      const known = verified.get(token);
      if (known && Math.floor(Date.now() / 1000) < known.expiresAt) return known;
      verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['sub', 'exp'],
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || payload.exp === undefined) throw new Error('bad claims');
        const claims = { userId, expiresAt: payload.exp };
        remember(token, claims);
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) {
          throw new HttpError(401, 'TOKEN_EXPIRED', 'The access token has expired: refresh it');
        }
        throw new HttpError(401, 'UNAUTHORIZED', 'Invalid access token');
      }
    },
  });

  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);

  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'UNAUTHORIZED', 'Missing bearer access token');
    const { userId, expiresAt } = await app.tokens.verifyAccess(token);
    // The user is read on every call: a deleted user's tokens stop at once and a
    // changed role applies at once.
    const [row] = await app.db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new HttpError(401, 'UNAUTHORIZED', 'This account no longer exists');
    request.user = row;
    request.tokenExpiresAt = expiresAt;
  });

  app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
    return async function requireRole(request: FastifyRequest) {
      if (!request.user) throw new HttpError(401, 'UNAUTHORIZED', 'Not authenticated');
      if (!roles.includes(request.user.role)) throw forbidden();
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'], fastify: '5.x' });
