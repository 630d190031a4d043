import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthResponse, LoginRequest } from '@sos/contract';
import { appendAudit, lockAuditChain } from '../../audit/append.js';
import { HttpError } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/password.js';
import { dummyHash } from '../../auth/dummy-hash.js';
import { findCredentials, pruneExpiredTokens } from '../../auth/repository.js';
import { randomRefreshToken, storeRefreshToken } from '../../auth/refresh-tokens.js';
import { sessionAnswer } from './session.js';
import { openSession } from '../../auth/sessions.js';
import {
  beginAttempt,
  paceSprayingAddress,
  recordSuccess,
  throttleKey,
  type LoginLimits,
} from '../../throttle/login.js';

const invalidCredentials = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong username or password');

/**
 * Checks the credentials under the login throttles (docs/security.md) and opens a new session. An
 * unknown username goes through the very same steps, answers and timing.
 */
export async function login(
  app: FastifyInstance,
  request: FastifyRequest,
  { username, password }: LoginRequest,
  refreshTtlS: number,
  limits: LoginLimits,
): Promise<AuthResponse> {
  const address = app.throttle.address(request);
  const key = throttleKey(username);
  await paceSprayingAddress(app.db, address, limits);
  await beginAttempt(app.db, key, address, limits);
  const user = await findCredentials(app.db, username);
  // An unknown username costs one verification too, so timing does not reveal it.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !valid) {
    // A known user is named; an unknown name only as its keyed hash (it may be a password).
    await app.db.transaction((tx) =>
      appendAudit(tx, {
        by: { actor: null, address: request.ip },
        action: 'LOGIN_FAILED',
        target: user ? { type: 'USER', id: user.id, label: user.username } : null,
        details: user ? null : { usernameHash: app.auditUsernameHash(username) },
      }),
    );
    throw invalidCredentials();
  }
  await recordSuccess(app.db, key, address);
  await pruneExpiredTokens(app.db, user.id);
  const { id, role } = user;
  const { sessionId, refresh } = await app.db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const sessionId = await openSession(tx, id);
    await appendAudit(tx, {
      by: { actor: { id, username: user.username }, address: request.ip },
      action: 'LOGIN',
      target: { type: 'USER', id, label: user.username },
    });
    return {
      sessionId,
      refresh: await storeRefreshToken(tx, id, sessionId, randomRefreshToken(), refreshTtlS),
    };
  });
  return sessionAnswer(app, { id, username: user.username, role }, sessionId, refresh);
}
