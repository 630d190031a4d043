import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.js';
import { callsOf, json, stubFetch } from '../test/http.js';
import { storeSession } from '../test/session.js';
import { sessionStarted } from './authSlice.js';
import { getFreshAccessToken, noteRefusal } from './tokenRefresh.js';

const now = () => Math.floor(Date.now() / 1000);

function expiredAccessSession() {
  storeSession('EMPLOYEE', { token: 'old-token', tokenExp: now() - 10 });
  return createStore();
}

const renewed = {
  access_token: 'new-token',
  expires_at: now() + 900,
  refresh_token: 'rotated-refresh',
  refresh_expires_at: now() + 86_400,
  id: 1,
  role: 'EMPLOYEE',
  username: 'operatore',
};

/** The server's answer to an unknown, expired or revoked refresh token. */
const invalidRefresh = () =>
  json(401, {
    statusCode: 401,
    error: 'Unauthorized',
    message: 'no',
    code: 'INVALID_REFRESH_TOKEN',
  });

describe('getFreshAccessToken', () => {
  it('runs one refresh for three concurrent calls with an expired token', async () => {
    const store = expiredAccessSession();
    const spy = stubFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return json(200, renewed);
    });
    const tokens = await Promise.all([
      getFreshAccessToken(store),
      getFreshAccessToken(store),
      getFreshAccessToken(store),
    ]);
    expect(tokens).toEqual(['new-token', 'new-token', 'new-token']);
    expect(await callsOf(spy)).toEqual(['POST /api/auth/refreshAuth']);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refresh_token')).toBe('rotated-refresh');
    expect(store.getState().auth.session?.token).toBe('new-token');
  });

  it('sends the stored refresh token', async () => {
    const store = expiredAccessSession();
    const spy = stubFetch(() => json(200, renewed));
    await getFreshAccessToken(store);
    const [input, init] = spy.mock.calls[0] ?? [];
    const request = new Request(input as RequestInfo, init);
    expect(await request.json()).toEqual({ refresh_token: 'refresh-token' });
  });

  it('clears the session when the refresh is refused (401)', async () => {
    const store = expiredAccessSession();
    stubFetch(invalidRefresh);
    const tokens = await Promise.all([getFreshAccessToken(store), getFreshAccessToken(store)]);
    expect(tokens).toEqual([null, null]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(store.getState().auth.session).toBeNull();
  });

  it('a deleted user is told his account changed, though his refresh is merely invalid', async () => {
    const store = expiredAccessSession();
    stubFetch(invalidRefresh);
    // The call (or the stream) was refused with ACCOUNT_CHANGED first.
    noteRefusal('ACCOUNT_CHANGED');
    expect(await getFreshAccessToken(store, true)).toBeNull();
    expect(store.getState().auth.endedBecause).toBe('ACCOUNT_CHANGED');
  });

  it('makes no call and ends the session when the refresh token has expired', async () => {
    const session = storeSession('EMPLOYEE', { tokenExp: now() - 10 });
    const store = createStore();
    // The refresh token expires after the start-up check, before the call.
    store.dispatch(sessionStarted({ ...session, refreshTokenExp: now() - 1 }));
    const spy = stubFetch(() => json(200, renewed));
    expect(await getFreshAccessToken(store)).toBeNull();
    expect(spy).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('returns a valid token without any call', async () => {
    storeSession('EMPLOYEE');
    const store = createStore();
    const spy = stubFetch(() => json(200, renewed));
    expect(await getFreshAccessToken(store)).toBe('access-token');
    expect(spy).not.toHaveBeenCalled();
  });

  it('adopts a session another tab already refreshed instead of reusing the rotated token', async () => {
    const store = expiredAccessSession();
    // Another tab rotated the refresh token and stored the new pair.
    storeSession('EMPLOYEE', { token: 'other-tab-token', refreshToken: 'other-tab-refresh' });
    const spy = stubFetch(() => json(200, renewed));
    expect(await getFreshAccessToken(store)).toBe('other-tab-token');
    expect(spy).not.toHaveBeenCalled();
    expect(store.getState().auth.session?.refreshToken).toBe('other-tab-refresh');
  });
});

describe('getFreshAccessToken across tabs without Web Locks (plain HTTP)', () => {
  /** A second tab: its own copy of the modules (and store), the same localStorage. */
  async function openTab() {
    vi.resetModules();
    const [{ createStore: create }, { getFreshAccessToken: fresh }] = await Promise.all([
      import('./store.js'),
      import('./tokenRefresh.js'),
    ]);
    const store = create();
    return () => fresh(store);
  }

  it('refreshes once for two tabs: the second waits for the first and adopts its session', async () => {
    expect(navigator.locks).toBeUndefined();
    storeSession('EMPLOYEE', { token: 'old-token', tokenExp: now() - 10 });
    const spy = stubFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return json(200, renewed);
    });
    const first = await openTab();
    const second = await openTab();
    // Hears the tabs' notices as any other tab does.
    const listener = new BroadcastChannel('sos-console-token-refresh');
    const announced = new Promise<void>((resolve) => {
      listener.onmessage = (event: MessageEvent<{ type: string }>) => {
        if (event.data.type === 'start') resolve();
      };
    });
    const a = first();
    // The first tab's notice reaches the second before it needs a token.
    await announced;
    await new Promise((resolve) => setTimeout(resolve, 20));
    listener.close();
    const b = second();
    expect(await Promise.all([a, b])).toEqual(['new-token', 'new-token']);
    expect(await callsOf(spy)).toEqual(['POST /api/auth/refreshAuth']);
  });
});
