import type { Role } from '@sos/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { selectIsSignedIn, selectRole } from '../store/authSlice.js';
import { useAppSelector } from '../store/hooks.js';
import { ROUTES } from '../lib/routes.js';

/** Every route but login exists only with a session (docs/console.md); otherwise → /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  return signedIn ? children : <Navigate to={ROUTES.login} replace />;
}

/** /login with a session goes to /sos (docs/console.md). */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  return signedIn ? <Navigate to={ROUTES.sos} replace /> : children;
}

/**
 * Routes of one role (docs/console.md): anyone else lands on /sos before the screen mounts, so
 * none of its calls is made.
 */
export function RequireRole({ role }: { role: Role }) {
  const current = useAppSelector(selectRole);
  return current === role ? <Outlet /> : <Navigate to={ROUTES.sos} replace />;
}
