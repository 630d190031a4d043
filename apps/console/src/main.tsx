import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.js';
import { createAppRouter, LoginPage } from './app/router.js';
import { createStore } from './store/store.js';
import { syncSessionAcrossTabs } from './store/syncAcrossTabs.js';
import { selectIsSignedIn } from './store/authSlice.js';
import { selectLocale } from './i18n/languageSlice.js';
import { requestLocale } from './i18n/localeResources.js';

// createStore() runs the start-up session check before the first render (docs/console.md).
const store = createStore();
syncSessionAcrossTabs(store);
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition renders in slices that yield to the browser between them, instead of one
// long task that blocks input while the first screen is built.
const render = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders store={store}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });

// Before the first render: a saved language other than Italian (in this chunk), so the
// first frame is already in it (and right to left for Arabic), and, signed out, the login
// screen (index.html preloads its chunks), so the first frame is that screen rather than
// a spinner, and no long task follows it. Whatever fails to load, the app still renders.
// allSettled never rejects, and the failures are logged below: nothing to wait for here.
const locale = selectLocale(store.getState());
const signedOut = !selectIsSignedIn(store.getState());
void Promise.allSettled([
  locale === 'it' ? null : requestLocale(locale),
  signedOut ? LoginPage.preload() : null,
])
  .then((results) => {
    for (const result of results)
      if (result.status === 'rejected')
        console.error('Start-up code could not be loaded', result.reason);
  })
  .finally(render);
