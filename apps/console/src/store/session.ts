import type { AuthResponse, Role } from '@sos/contract';

/** The signed-in session as kept in the browser's storage (docs/console.md). */
export interface Session {
  token: string;
  /** Unix seconds, like every expiry (docs/contract.md). */
  tokenExp: number;
  refreshToken: string;
  refreshTokenExp: number;
  id: number;
  role: Role;
  username: string;
}

const KEYS = {
  token: 'token',
  tokenExp: 'token_exp',
  refreshToken: 'refresh_token',
  refreshTokenExp: 'refresh_token_exp',
  id: 'id',
  role: 'role',
  username: 'username',
} as const satisfies Record<keyof Session, string>;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function sessionFromAuth(auth: AuthResponse): Session {
  return {
    token: auth.access_token,
    tokenExp: auth.expires_at,
    refreshToken: auth.refresh_token,
    refreshTokenExp: auth.refresh_expires_at,
    id: auth.id,
    role: auth.role,
    username: auth.username,
  };
}

export function saveSession(session: Session): void {
  for (const [field, key] of Object.entries(KEYS) as [keyof Session, string][]) {
    localStorage.setItem(key, String(session[field]));
  }
}

export function clearSession(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}

/**
 * The start-up authorization check (docs/console.md): restores the stored session while its
 * refresh token is valid (an expired access token is refreshed before the next call),
 * otherwise clears the storage.
 */
export function loadSession(): Session | null {
  const get = (key: string) => localStorage.getItem(key);
  const role = get(KEYS.role);
  const session = {
    token: get(KEYS.token) ?? '',
    tokenExp: Number(get(KEYS.tokenExp)),
    refreshToken: get(KEYS.refreshToken) ?? '',
    refreshTokenExp: Number(get(KEYS.refreshTokenExp)),
    id: Number(get(KEYS.id)),
    role: role === 'SUPER_ADMIN' || role === 'EMPLOYEE' ? role : null,
    username: get(KEYS.username) ?? '',
  };
  const valid =
    session.token !== '' &&
    session.refreshToken !== '' &&
    session.role !== null &&
    Number.isFinite(session.refreshTokenExp) &&
    session.refreshTokenExp > nowSeconds();
  if (!valid) {
    clearSession();
    return null;
  }
  return session as Session;
}
