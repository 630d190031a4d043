import { loggedOut, sessionStarted } from './authSlice.js';
import { loadSession } from './session.js';

/** Session keys (the last written by saveSession is username): re-read on each. */
const SESSION_KEYS = new Set(['token', 'refresh_token', 'role', 'username']);

interface Dispatcher {
  dispatch: (action: { type: string }) => unknown;
}

/**
 * Keeps every tab of the browser on the same session: a logout in one tab signs the
 * others out, and a token another tab refreshed is adopted at once.
 */
export function syncSessionAcrossTabs(store: Dispatcher, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || (event.key !== null && !SESSION_KEYS.has(event.key)))
      return;
    const session = loadSession();
    store.dispatch(session ? sessionStarted(session) : loggedOut());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
