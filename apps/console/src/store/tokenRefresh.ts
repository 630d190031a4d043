import { API_PREFIX, PATHS } from '@sos/contract/paths';
import { loggedOut, sessionStarted, type SessionEndReason } from './authSlice.js';
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
/**
 * Why the server last refused the access token, when it said the account changed: a deleted
 * user's refresh tokens went with him, so the refresh that follows cannot say it again.
 */
let refusedBecause: SessionEndReason | undefined;

/** A 401's code, from a call or the live stream: kept when it says the account changed. */
export function noteRefusal(code: unknown): void {
  if (code === 'ACCOUNT_CHANGED') refusedBecause = 'ACCOUNT_CHANGED';
}

function endSession(store: StoreLike, reason?: SessionEndReason): null {
  const why = reason ?? refusedBecause;
  refusedBecause = undefined;
  clearSession();
  store.dispatch(loggedOut(why ? { reason: why } : undefined));
  return null;
}

/** The refusal's code, when it says the account was changed (docs/security.md "Sessions"). */
async function endReason(response: Response): Promise<SessionEndReason | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return body?.code === 'ACCOUNT_CHANGED' ? 'ACCOUNT_CHANGED' : undefined;
  } catch {
    return undefined;
  }
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
  if (response.status === 401) return endSession(store, await endReason(response));
  if (!response.ok) return null;
  // The contract (and zod) load with the first refresh, not with the start-up chunk.
  const [{ authResponseSchema }, body] = await Promise.all([
    import('@sos/contract'),
    response.json() as Promise<unknown>,
  ]);
  const next = sessionFromAuth(authResponseSchema.parse(body));
  refusedBecause = undefined;
  saveSession(next);
  store.dispatch(sessionStarted(next));
  return next.token;
}

/**
 * The access token to send, refreshed first when it has expired (docs/console.md). One refresh
 * runs at a time: every call that needs it meanwhile waits for the same one. Returns
 * null when there is no usable session (and then the session is cleared).
 */
export function getFreshAccessToken(store: StoreLike, force = false): Promise<string | null> {
  const session = sessionOf(store.getState());
  if (!session) return Promise.resolve(null);
  const now = nowSeconds();
  if (!force && session.tokenExp - MARGIN_S > now) return Promise.resolve(session.token);
  if (session.refreshTokenExp <= now) return Promise.resolve(endSession(store));
  inFlight ??= acrossTabs(session.refreshToken, () => refreshOnce(store, session)).finally(() => {
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

/**
 * The tabs of this browser tell each other about the refreshes they run, on a channel that,
 * unlike Web Locks, needs no secure context (a plain-HTTP LAN install has none). Same-origin
 * only, like the localStorage the tokens live in.
 */
const channel =
  typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('sos-console-token-refresh');
/** A refresh another tab announced, by the refresh token it presents. */
interface OtherTabRefresh {
  settled: Promise<void>;
  done: () => void;
}
const elsewhere = new Map<string, OtherTabRefresh>();
/** A tab that announced a refresh and went away is not waited for longer than this. */
const WAIT_FOR_OTHER_TAB_MS = 10_000;

type RefreshNotice = { type: 'start' | 'done'; refreshToken: string };

channel?.addEventListener('message', (event: MessageEvent<RefreshNotice>) => {
  const { type, refreshToken } = event.data;
  if (type === 'done') return elsewhere.get(refreshToken)?.done();
  if (type !== 'start' || elsewhere.has(refreshToken)) return;
  let done = () => {};
  const settled = new Promise<void>((resolve) => {
    done = resolve;
    setTimeout(resolve, WAIT_FOR_OTHER_TAB_MS);
  }).finally(() => elsewhere.delete(refreshToken));
  elsewhere.set(refreshToken, { settled, done });
});

/**
 * One refresh at a time across the browser's tabs: with Web Locks where the browser has them
 * (secure contexts), else by waiting for a refresh another tab announced on the channel, then
 * adopting the session it stored (refreshOnce). Two tabs that start at the very same instant
 * both call the server, which answers both with the same new token (docs/security.md, 10 s grace).
 */
async function acrossTabs<T>(refreshToken: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request('sos-console-token-refresh', work) as Promise<T>;
  const other = elsewhere.get(refreshToken);
  if (other) {
    await other.settled;
    return work();
  }
  channel?.postMessage({ type: 'start', refreshToken } satisfies RefreshNotice);
  try {
    return await work();
  } finally {
    channel?.postMessage({ type: 'done', refreshToken } satisfies RefreshNotice);
  }
}
