import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../../features/dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

async function openSidebar() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Apri il menu di navigazione' }));
  return { user, nav: await screen.findByRole('navigation', { name: 'Navigazione principale' }) };
}

const entryNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('MainLayout', () => {
  // The history screen's chunk loads once here, not inside the navigation test's wait.
  beforeAll(async () => {
    await import('../../features/history/HistoryPage.js');
  }, 60_000);

  it('shows an EMPLOYEE only the SOS entry', async () => {
    storeSession('EMPLOYEE');
    renderApp('/sos');
    const { nav } = await openSidebar();
    expect(entryNames(nav)).toEqual(['SOS']);
  });

  it('shows a SUPER_ADMIN every entry in order, the current one highlighted', async () => {
    storeSession('SUPER_ADMIN');
    renderApp('/sos');
    const { nav } = await openSidebar();
    expect(entryNames(nav)).toEqual([
      'SOS',
      'Gestione utenti',
      'Storico',
      'Statistiche',
      'Registro attività',
      'Impostazioni',
    ]);
    expect(within(nav).getByRole('button', { name: 'SOS' })).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('button', { name: 'Storico' })).not.toHaveClass('Mui-selected');
    expect(within(nav).getAllByRole('separator')).toHaveLength(6);
  });

  it('navigates on click and closes the temporary drawer', async () => {
    storeSession('SUPER_ADMIN');
    stubFetch(() => json(200, []));
    const { router } = renderApp('/sos');
    const { user, nav } = await openSidebar();
    await user.click(within(nav).getByRole('button', { name: 'Storico' }));
    expect(await screen.findByRole('heading', { name: 'Storico' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sos/history');
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
  });

  it('logs out: revokes the refresh token, clears the session, shows login', async () => {
    storeSession('SUPER_ADMIN', { refreshToken: 'refresh-42' });
    const spy = stubFetch(() => new Response(null, { status: 204 }));
    const { store, router } = renderApp('/sos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Opzioni' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.session).toBeNull();
    await waitFor(async () => expect(await callsOf(spy)).toEqual(['POST /api/auth/logout']));
    const [input] = spy.mock.calls[0] ?? [];
    expect(await (input as Request).json()).toEqual({ refresh_token: 'refresh-42' });
  });

  it('logs out even when the server cannot be reached', async () => {
    storeSession('EMPLOYEE');
    stubFetch(() => Promise.reject(new TypeError('offline')));
    renderApp('/sos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Opzioni' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('switches to Arabic: right to left, Arabic texts, saved', async () => {
    storeSession('SUPER_ADMIN');
    renderApp('/sos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Opzioni' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('button', { name: 'فتح قائمة التنقل' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('ar');
  });

  it('switches to the dark theme and saves it', async () => {
    storeSession('EMPLOYEE');
    const { store } = renderApp('/sos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Opzioni' }));
    const dark = screen.getByRole('menuitemradio', { name: 'Tema scuro' });
    expect(dark).toHaveAttribute('aria-checked', 'false');
    await user.click(dark);
    expect(store.getState().theme.style).toBe('dark');
    expect(localStorage.getItem('current-theme')).toBe('dark');
  });
});
