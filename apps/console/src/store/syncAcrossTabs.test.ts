import { describe, expect, it } from 'vitest';
import { createStore } from './store.js';
import { storeSession } from '../test/session.js';
import { clearSession } from './session.js';
import { syncSessionAcrossTabs } from './syncAcrossTabs.js';

const storageEvent = (key: string | null) =>
  new StorageEvent('storage', { key, storageArea: localStorage });

describe('session shared by the browser tabs', () => {
  it('signs this tab out when another tab logs out', () => {
    storeSession('EMPLOYEE');
    const store = createStore();
    const stop = syncSessionAcrossTabs(store);
    clearSession(); // what the other tab's logout did to the shared storage
    window.dispatchEvent(storageEvent('token'));
    expect(store.getState().auth.session).toBeNull();
    stop();
  });

  it('adopts the token another tab refreshed', () => {
    storeSession('EMPLOYEE');
    const store = createStore();
    const stop = syncSessionAcrossTabs(store);
    storeSession('EMPLOYEE', { token: 'refreshed-elsewhere', refreshToken: 'rotated-elsewhere' });
    window.dispatchEvent(storageEvent('token'));
    expect(store.getState().auth.session?.token).toBe('refreshed-elsewhere');
    stop();
  });

  it('ignores unrelated keys', () => {
    storeSession('EMPLOYEE');
    const store = createStore();
    const stop = syncSessionAcrossTabs(store);
    clearSession();
    window.dispatchEvent(storageEvent('current-theme'));
    expect(store.getState().auth.session).not.toBeNull();
    stop();
  });
});
