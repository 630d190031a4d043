import { API_PREFIX, PATHS } from '@sos/contract/paths';
import { loggedOut, sessionStarted } from './authSlice.js';
import {
  clearSession,
  loadSession,
  nowSeconds,
  saveSession,
  sessionFromAuth,
  type Session,
} from './session.js';

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
  // The contract (and zod) load with the first refresh, not with the start-up chunk.
  const [{ authResponseSchema }, body] = await Promise.all([
    import('@sos/contract'),
    response.json() as Promise<unknown>,
  ]);
  const next = sessionFromAuth(authResponseSchema.parse(body));
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
  inFlight ??= acrossTabs(() => refreshOnce(store, session)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Another tab of the same browser may have rotated the refresh token already: presenting
 * the old one again would count as a reuse and end the session everywhere. So adopt a
 * newer stored session when there is one, and refresh only otherwise.
 */
async function refreshOnce(store: StoreLike, session: Session): Promise<string | null> {
  const stored = loadSession();
  if (
    stored &&
    stored.refreshToken !== session.refreshToken &&
    stored.tokenExp - MARGIN_S > nowSeconds()
  ) {
    store.dispatch(sessionStarted(stored));
    return stored.token;
  }
  return refresh(store, stored ?? session);
}

/** One refresh at a time across the browser's tabs (Web Locks), where the browser has them. */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('sos-console-token-refresh', work) as Promise<T>) : work();
}
