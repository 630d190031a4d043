import type { AuthResponse } from '@sos/contract';
import type { Db } from '../db/client.js';
import { DomainError } from '../lib/domain-error.js';
import { findUser } from './repository.js';
import { claimRefreshToken, storeRefreshToken } from './refresh-tokens.js';
import { sessionAnswer, type SessionTokens } from './session-answer.js';
import { adoptFamily, sessionEndReason } from './sessions.js';

const invalidRefreshToken = () =>
  new DomainError(
    'unauthenticated',
    'INVALID_REFRESH_TOKEN',
    'The refresh token is invalid, expired or revoked: log in again',
  );

/** A session ended by a role or password change says so: the console tells its user why. */
const accountChanged = () =>
  new DomainError(
    'unauthenticated',
    'ACCOUNT_CHANGED',
    'Your account was changed (role or password): sign in again',
  );

/**
 * Rotates a refresh token: the presented one is spent, the answer carries its successor,
 * derived from it (tokens.successorOf), so a repeat within the grace gets the same one.
 */
export async function refresh(
  app: { db: Db; tokens: SessionTokens },
  token: string,
  refreshTtlS: number,
): Promise<AuthResponse> {
  const successor = app.tokens.successorOf(token);
  // The failure is thrown after the transaction: a reuse must commit its session's end.
  const session = await app.db.transaction(async (tx) => {
    const rotation = await claimRefreshToken(tx, token, successor);
    if (rotation.outcome === 'invalid' && rotation.familyId !== undefined)
      return (await sessionEndReason(tx, rotation.familyId)) ?? undefined;
    if (rotation.outcome !== 'rotated' && rotation.outcome !== 'repeated') return undefined;
    // Role and username are read now, so a change since the login applies at once.
    const user = await findUser(tx, rotation.userId);
    if (!user) return undefined;
    if (rotation.outcome === 'repeated')
      return { user, sessionId: rotation.familyId, refresh: rotation.successor };
    await adoptFamily(tx, rotation.familyId, user.id);
    const next = await storeRefreshToken(tx, user.id, rotation.familyId, successor, refreshTtlS);
    return { user, sessionId: rotation.familyId, refresh: next };
  });
  if (session === 'ACCOUNT_CHANGED') throw accountChanged();
  if (!session || typeof session === 'string') throw invalidRefreshToken();
  return sessionAnswer(app.tokens, session.user, session.sessionId, session.refresh);
}
