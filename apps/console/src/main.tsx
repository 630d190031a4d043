import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.js';
import { createAppRouter } from './app/router.js';
import { createStore } from './app/store.js';
import { syncSessionAcrossTabs } from './features/auth/syncAcrossTabs.js';

// createStore() runs the start-up session check before the first render (spec §4).
const store = createStore();
syncSessionAcrossTabs(store);
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
