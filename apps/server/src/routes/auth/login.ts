import type { FastifyInstance } from 'fastify';
import type { AuthResponse, LoginRequest } from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/password.js';
import { dummyHash } from './dummy-hash.js';
import { findCredentials, pruneExpiredTokens } from './repository.js';
import { newFamilyId } from './refresh-tokens.js';
import { issueSession } from './session.js';
import { beginAttempt, recordFailure, recordSuccess, throttleKey } from './throttle.js';

const invalidCredentials = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Wrong username or password');

/** Checks the credentials under the per-username throttle and opens a new token family. */
export async function login(
  app: FastifyInstance,
  { username, password }: LoginRequest,
  refreshTtlS: number,
): Promise<AuthResponse> {
  const key = throttleKey(username);
  const attempt = await beginAttempt(app.db, key);
  if (!attempt.allowed) {
    throw new HttpError(
      429,
      'TOO_MANY_LOGIN_ATTEMPTS',
      `Too many failed logins for this username: retry in ${attempt.retryAfterS} seconds`,
      { 'retry-after': String(attempt.retryAfterS) },
    );
  }
  const user = await findCredentials(app.db, username);
  // An unknown username costs one verification too, so timing does not reveal it.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !valid) {
    await recordFailure(app.db);
    throw invalidCredentials();
  }
  await recordSuccess(app.db, key);
  await pruneExpiredTokens(app.db, user.id);
  const { id, role } = user;
  return issueSession(app, app.db, { id, username: user.username, role }, newFamilyId(), refreshTtlS);
}
