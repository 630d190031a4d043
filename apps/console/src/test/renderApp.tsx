import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/AppProviders.js';
import { appRoutes } from '../app/router.js';
import { createStore } from '../store/store.js';

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

/**
 * The alert (a snackbar, a form's error) that says `text`. Not merely the first alert: a test
 * slow enough (a busy machine) also meets the banner the whole console shows 10 s after a
 * live stream that never opened (StreamLostBanner).
 */
export const findAlert = (text: string) =>
  waitFor(() => {
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
    if (!alert) throw new Error(`no alert says "${text}"`);
    return alert;
  });
