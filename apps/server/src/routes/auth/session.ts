import type { FastifyInstance } from 'fastify';
import type { AuthResponse, Role } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { issueRefreshToken } from './refresh-tokens.js';

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

/** A fresh access token plus the next refresh token of the family: what login and refreshAuth answer. */
export async function issueSession(
  app: FastifyInstance,
  db: Tx,
  user: SessionUser,
  familyId: string,
  refreshTtlS: number,
): Promise<AuthResponse> {
  const refresh = await issueRefreshToken(db, user.id, familyId, refreshTtlS);
  const access = await app.tokens.signAccess(user);
  return {
    access_token: access.token,
    expires_at: access.expiresAt,
    refresh_token: refresh.token,
    refresh_expires_at: refresh.expiresAt,
    id: user.id,
    role: user.role,
    username: user.username,
  };
}
