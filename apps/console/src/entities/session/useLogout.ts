import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks.js';
import { ROUTES } from '../../lib/routes.js';
import { useLogoutMutation } from './authApi.js';
import { loggedOut, selectSession } from '../../store/authSlice.js';
import { clearSession } from '../../store/session.js';

/**
 * Logout (docs/console.md): revoke the refresh token on the server (best effort, not awaited),
 * clear the storage, reset every slice and go to the login page.
 */
export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectSession);
  const [revoke] = useLogoutMutation();
  return useCallback(() => {
    if (session) void revoke(session.refreshToken);
    clearSession();
    dispatch(loggedOut());
    void navigate(ROUTES.login, { replace: true });
  }, [dispatch, navigate, revoke, session]);
}
