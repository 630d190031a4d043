import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@sos/contract';
import { HttpError } from '../../lib/http-error.js';
import { findUser } from './repository.js';
import { claimRefreshToken } from './refresh-tokens.js';
import { issueSession } from './session.js';

const invalidRefreshToken = () =>
  new HttpError(401, 'INVALID_REFRESH_TOKEN', 'The refresh token is invalid, expired or revoked: log in again');

/** Rotates a refresh token: the presented one is spent, the answer carries its successor. */
export async function refresh(
  app: FastifyInstance,
  token: string,
  refreshTtlS: number,
): Promise<AuthResponse> {
  // The failure is thrown after the transaction: a reuse must commit its family revocation.
  const session = await app.db.transaction(async (tx) => {
    const rotation = await claimRefreshToken(tx, token);
    if (rotation.outcome !== 'rotated') return undefined;
    // Role and username are read now, so a change since the login applies at once.
    const user = await findUser(tx, rotation.userId);
    if (!user) return undefined;
    return issueSession(app, tx, user, rotation.familyId, refreshTtlS);
  });
  if (!session) throw invalidRefreshToken();
  return session;
}
