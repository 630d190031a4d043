import type { Role } from '@sos/contract';
import { saveSession, type Session } from '../store/session.js';

const now = () => Math.floor(Date.now() / 1000);

/** A valid session of `role`, stored as the browser keeps it (docs/console.md). */
export function storeSession(role: Role, overrides: Partial<Session> = {}): Session {
  const session: Session = {
    token: 'access-token',
    tokenExp: now() + 900,
    refreshToken: 'refresh-token',
    refreshTokenExp: now() + 86_400,
    id: 1,
    role,
    username: role === 'SUPER_ADMIN' ? 'admin' : 'operatore',
    ...overrides,
  };
  saveSession(session);
  return session;
}
