import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders.js';
import { appRoutes } from '../app/router.js';
import { createStore } from '../store/store.js';

// Screens are lazy chunks: the first render of one compiles it, which on a busy machine
// takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * The whole console at `path`, with a real store (it restores whatever session the test
 * stored first) and the real routes.
 */
export function renderApp(path: string) {
  const store = createStore();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, store, router };
}
