import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@sos/contract';
import { HttpError, forbidden } from '../../lib/http-error.js';
import { ensureSetting, SETTING_KEYS } from '../../db/settings.js';
import { Batcher } from '../../lib/batcher.js';
import { bearerToken } from '../../lib/bearer-token.js';
import { readSessionUsers, type SessionCheck, type SessionUser } from '../../auth/session-users.js';
import { accessEndReason } from '../../auth/sessions.js';

/** What a verified access token says: whose, which session (claim `sid`), until when. */
interface TokenClaims {
  userId: number;
  sessionId: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * A bearer token that does not verify at all (malformed, or signed with another key):
 * the one kind the forged-token throttle counts (docs/security.md; expired or ended ones are not).
 */
class UnverifiableTokenError extends HttpError {
  constructor() {
    super(401, 'UNAUTHORIZED', 'Invalid access token');
  }
}

interface AccessToken {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: {
      /** An access token of a session (its id goes in the claim `sid`). */
      signAccess(user: SessionUser, sessionId: string): Promise<AccessToken>;
      /** Verifies signature (HS256 only), expiry and claims; not whether the session still lives. */
      verifyAccess(token: string): Promise<TokenClaims>;
      /**
       * The refresh token that follows `token` in its family: an HMAC of it with a server
       * secret, so every process derives the same one and none needs to store it in clear.
       */
      successorOf(refreshToken: string): string;
    };
    /** onRequest hook: a valid bearer access token of a live session of an existing user, else 401. */
    authenticate: onRequestAsyncHookHandler;
    /** The user of a live session (not revoked, his own), or undefined; checks arriving together share one query. */
    sessionUser(check: SessionCheck): Promise<SessionUser | undefined>;
    /** onRequest hook (after authenticate): 403 unless the user has one of the roles. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: SessionUser | null;
    /** Unix seconds at which the request's access token expires. */
    tokenExpiresAt: number | null;
    /** Set by `authenticate`: the session the access token belongs to. */
    sessionId: string | null;
  }
}

interface AuthPluginOptions {
  jwtSecret?: string | undefined;
  accessTokenTtlS: number;
}

const ALGORITHM = 'HS256';
/** Verified access tokens remembered per process (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;
const ISSUER = 'sos-console';

const sessionEnded = () =>
  new HttpError(
    401,
    'UNAUTHORIZED',
    'This session has ended (signed out, or the account changed): sign in again',
  );

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const secretText =
    options.jwtSecret ??
    (await ensureSetting(app.db, SETTING_KEYS.jwtSecret, randomBytes(48).toString('base64url')));
  const key = new TextEncoder().encode(secretText);
  // Tokens whose signature this process already checked (the same string always carries the
  // same claims, signed with this key): WebCrypto verification was ~4 % of the CPU of a busy
  // server. Expiry is still checked on every use; the session is checked by authenticate.
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  const successorKey = createHmac('sha256', secretText)
    .update('sos-console refresh-token successor v1')
    .digest();

  app.decorate('tokens', {
    async signAccess(user: SessionUser, sessionId: string) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + options.accessTokenTtlS;
      const token = await new SignJWT({ role: user.role, username: user.username, sid: sessionId })
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
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          requiredClaims: ['sub', 'exp'],
        }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) {
          throw new HttpError(401, 'TOKEN_EXPIRED', 'The access token has expired: refresh it');
        }
        throw new UnverifiableTokenError();
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || payload.exp === undefined)
        throw new UnverifiableTokenError();
      // Signed by this server before sessions existed: it belongs to no session that can end.
      if (typeof payload.sid !== 'string') throw sessionEnded();
      const claims = { userId, sessionId: payload.sid, expiresAt: payload.exp };
      remember(token, claims);
      return claims;
    },
    successorOf(refreshToken: string) {
      return createHmac('sha256', successorKey).update(refreshToken).digest('base64url');
    },
  });

  const sessionUsers = new Batcher<SessionCheck, SessionUser | undefined>(
    (checks) => readSessionUsers(app.db, checks),
    // A read: the same session twice may share a query (every item is its own key).
    (check) => check,
  );

  app.decorate('sessionUser', (check: SessionCheck) => sessionUsers.run(check));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenExpiresAt', null);
  app.decorateRequest('sessionId', null);

  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, 'UNAUTHORIZED', 'Missing bearer access token');
    let claims: TokenClaims;
    try {
      claims = await app.tokens.verifyAccess(token);
    } catch (err) {
      // Counted per address; past the limit this throws 429 instead.
      if (err instanceof UnverifiableTokenError) await app.throttle.tokenFailed(request);
      throw err;
    }
    // The user and his session are read on every call: a deleted user's or an ended session's
    // tokens stop at once, and a changed role applies at once. The checks of requests that
    // arrive together are read in one query (a round trip each was a busy server's bottleneck).
    const row = await app.sessionUser({ userId: claims.userId, sessionId: claims.sessionId });
    if (!row) {
      // Ended by a role or password change, or the user deleted: the console says so
      // (docs/security.md "Sessions").
      if ((await accessEndReason(app.db, claims)) === 'ACCOUNT_CHANGED')
        throw new HttpError(401, 'ACCOUNT_CHANGED', 'Your account was changed: sign in again');
      throw sessionEnded();
    }
    request.user = row;
    request.tokenExpiresAt = claims.expiresAt;
    request.sessionId = claims.sessionId;
  });

  app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
    return async function requireRole(request: FastifyRequest) {
      if (!request.user) throw new HttpError(401, 'UNAUTHORIZED', 'Not authenticated');
      if (!roles.includes(request.user.role)) throw forbidden();
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db', 'throttle'], fastify: '5.x' });
