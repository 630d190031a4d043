import { combineSlices, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { api } from './api.js';
import { listeners } from './listeners.js';
import { snackbarSlice } from './snackbarSlice.js';
import { authSlice, loggedOut, sessionStarted } from '../features/auth/authSlice.js';
import { loadSession } from '../features/auth/session.js';
import { themeSlice } from '../theme/themeSlice.js';
import { languageSlice } from '../i18n/languageSlice.js';
import { devicesSlice } from '../features/dashboard/devicesSlice.js';
import { liveSlice } from '../features/live/liveSlice.js';
import { alarmSlice } from '../features/alarm/alarmSlice.js';

/** Slices are combined lazily: a feature injects its own with `rootReducer.inject`. */
export const rootReducer = combineSlices(
  api,
  authSlice,
  snackbarSlice,
  themeSlice,
  languageSlice,
  devicesSlice,
  liveSlice,
  alarmSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

/** Logout resets every slice to its initial state (spec §4). */
const resettingReducer = (state: RootState | undefined, action: UnknownAction) =>
  rootReducer(loggedOut.match(action) ? undefined : state, action);

export function createStore() {
  const store = configureStore({
    reducer: resettingReducer as typeof rootReducer,
    // The dev-only checks would walk 10,000 devices on every action: skip those paths.
    middleware: (getDefault) =>
      getDefault({
        immutableCheck: { ignoredPaths: ['devices', 'api'] },
        serializableCheck: { ignoredPaths: ['devices', 'api'] },
      })
        .prepend(listeners.middleware)
        .concat(api.middleware),
  });
  // The start-up authorization check, before the first render (spec §4).
  const session = loadSession();
  if (session) store.dispatch(sessionStarted(session));
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
