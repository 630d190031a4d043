import { API_PREFIX, PATHS, authResponseSchema } from '@sos/contract';
import { loggedOut, sessionStarted } from './authSlice.js';
import { clearSession, nowSeconds, saveSession, sessionFromAuth, type Session } from './session.js';

interface StoreLike {
  dispatch: (action: { type: string }) => unknown;
  getState: () => unknown;
}

const sessionOf = (state: unknown): Session | null =>
  (state as { auth: { session: Session | null } }).auth.session;

/** A token that expires within this margin is refreshed first (clock skew, latency). */
const MARGIN_S = 5;

let inFlight: Promise<string | null> | null = null;

function endSession(store: StoreLike): null {
  clearSession();
  store.dispatch(loggedOut());
  return null;
}

async function refresh(store: StoreLike, session: Session): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(API_PREFIX + PATHS.refreshAuth, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refreshToken }),
      credentials: 'same-origin',
    });
  } catch {
    return null; // offline: keep the session, the call fails and says so
  }
  if (response.status === 401) return endSession(store);
  if (!response.ok) return null;
  const next = sessionFromAuth(authResponseSchema.parse(await response.json()));
  saveSession(next);
  store.dispatch(sessionStarted(next));
  return next.token;
}

/**
 * The access token to send, refreshed first when it has expired (spec §4). One refresh
 * runs at a time: every call that needs it meanwhile waits for the same one. Returns
 * null when there is no usable session (and then the session is cleared).
 */
export function getFreshAccessToken(store: StoreLike, force = false): Promise<string | null> {
  const session = sessionOf(store.getState());
  if (!session) return Promise.resolve(null);
  const now = nowSeconds();
  if (!force && session.tokenExp - MARGIN_S > now) return Promise.resolve(session.token);
  if (session.refreshTokenExp <= now) return Promise.resolve(endSession(store));
  inFlight ??= refresh(store, session).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
