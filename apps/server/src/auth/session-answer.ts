import type { AuthResponse } from '@sos/contract';
import type { IssuedRefreshToken } from './refresh-tokens.js';
import type { SessionUser } from './session-users.js';

/** The server's token signer (plugins/app/auth.ts): access tokens and a refresh token's successor. */
export interface SessionTokens {
  signAccess(user: SessionUser, sessionId: string): Promise<{ token: string; expiresAt: number }>;
  successorOf(refreshToken: string): string;
}

/** A fresh access token of the session plus its refresh token: what login and refreshAuth answer. */
export async function sessionAnswer(
  tokens: SessionTokens,
  user: SessionUser,
  sessionId: string,
  refresh: IssuedRefreshToken,
): Promise<AuthResponse> {
  const access = await tokens.signAccess(user, sessionId);
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
