import type { FastifyInstance } from 'fastify';
import type { AuthResponse } from '@sos/contract';
import type { IssuedRefreshToken } from '../../auth/refresh-tokens.js';
import type { SessionUser } from '../../auth/session-users.js';

/** A fresh access token of the session plus its refresh token: what login and refreshAuth answer. */
export async function sessionAnswer(
  app: FastifyInstance,
  user: SessionUser,
  sessionId: string,
  refresh: IssuedRefreshToken,
): Promise<AuthResponse> {
  const access = await app.tokens.signAccess(user, sessionId);
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
