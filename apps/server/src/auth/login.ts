import type { AuthResponse, LoginRequest } from '@sos/contract';
import type { Db } from '../db/client.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import { DomainError } from '../lib/domain-error.js';
import { verifyPassword } from '../lib/password.js';
import { dummyHash } from './dummy-hash.js';
import { findCredentials, pruneExpiredTokens } from './repository.js';
import { randomRefreshToken, storeRefreshToken } from './refresh-tokens.js';
import { sessionAnswer, type SessionTokens } from './session-answer.js';
import { openSession } from './sessions.js';
import {
  beginAttempt,
  paceSprayingAddress,
  recordSuccess,
  type LoginLimits,
} from '../throttle/login.js';

const invalidCredentials = () =>
  new DomainError('unauthenticated', 'INVALID_CREDENTIALS', 'Wrong username or password');

/** What a login needs of the server: its database, token signer and username hasher. */
export interface LoginServices {
  db: Db;
  tokens: SessionTokens;
  /** The keyed hash an unknown username is recorded as (plugins/app/audit.ts). */
  auditUsernameHash(username: string): string;
}

/** Where a login comes from: the address the throttles count, the one the audit records. */
export interface LoginClient {
  throttleAddress: string;
  ip: string;
}

/**
 * Checks the credentials under the login throttles (docs/security.md) and opens a new session. An
 * unknown username goes through the very same steps, answers and timing.
 */
export async function login(
  app: LoginServices,
  client: LoginClient,
  { username, password }: LoginRequest,
  refreshTtlS: number,
  limits: LoginLimits,
): Promise<AuthResponse> {
  const address = client.throttleAddress;
  // Failures are kept by the HMAC of the name (as the audit log keeps an unknown one): people
  // type passwords into the username field, and auth_failures must not keep them in clear.
  const key = app.auditUsernameHash(username);
  await paceSprayingAddress(app.db, address, limits);
  await beginAttempt(app.db, key, address, limits);
  const user = await findCredentials(app.db, username);
  // An unknown username costs one verification too, so timing does not reveal it.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !valid) {
    // A known user is named; an unknown name only as its keyed hash (it may be a password).
    await app.db.transaction((tx) =>
      appendAudit(tx, {
        by: { actor: null, address: client.ip },
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
      by: { actor: { id, username: user.username }, address: client.ip },
      action: 'LOGIN',
      target: { type: 'USER', id, label: user.username },
    });
    return {
      sessionId,
      refresh: await storeRefreshToken(tx, id, sessionId, randomRefreshToken(), refreshTtlS),
    };
  });
  return sessionAnswer(app.tokens, { id, username: user.username, role }, sessionId, refresh);
}
