import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { listeners } from './listeners.js';
import { snackbarSlice } from './snackbarSlice.js';
import { authSlice, loggedOut, sessionStarted } from './authSlice.js';
import { loadSession } from './session.js';
import { themeSlice } from '../theme/themeSlice.js';
import { languageSlice } from '../i18n/languageSlice.js';
import { liveSlice } from './liveSlice.js';
import { alarmSlice } from './alarmSlice.js';

/**
 * Slices of lazily loaded features, declared by each with `declare module` and injected
 * with `rootReducer.inject` when its code loads: RTK Query's API (store/api.ts) and the
 * devices slice (and with them the contract's schemas and zod) stay out of the start-up
 * chunk, which the login page is.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** Slices are combined lazily: a feature injects its own with `rootReducer.inject`. */
const rootReducer = combineSlices(
  authSlice,
  snackbarSlice,
  themeSlice,
  languageSlice,
  liveSlice,
  alarmSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware of lazily loaded code (RTK Query's), added to every store when it loads. */
const lazyMiddleware = createDynamicMiddleware();
const lazyCodeLoaded = createAction('app/lazyCodeLoaded');
const stores = new Set<{ dispatch: (action: UnknownAction) => unknown }>();

/**
 * Adds a lazily loaded feature's slice (and middleware) to the store, and dispatches an
 * action at once so its state exists before any of its selectors runs.
 */
export function injectLazy(
  slice: { reducerPath: keyof LazyLoadedSlices; reducer: Reducer },
  middleware?: Middleware,
): void {
  rootReducer.inject(slice as Parameters<typeof rootReducer.inject>[0]);
  if (middleware) lazyMiddleware.addMiddleware(middleware);
  for (const store of stores) store.dispatch(lazyCodeLoaded());
}

export type RootState = ReturnType<typeof rootReducer>;

/** Logout resets every slice to its initial state (docs/console.md). */
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
        .concat(lazyMiddleware.middleware),
  });
  // The start-up authorization check, before the first render (docs/console.md).
  const session = loadSession();
  if (session) store.dispatch(sessionStarted(session));
  // One store in the console; tests make one per test and drop the previous ones.
  stores.clear();
  stores.add(store);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
