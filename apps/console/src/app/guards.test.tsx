import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../test/http.js';
import { renderApp } from '../test/renderApp.js';
import { storeSession } from '../test/session.js';

vi.mock('../features/dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
vi.mock('../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const ADMIN_PATHS = ['/users', '/user', '/user/5', '/sos/history', '/settings'];

describe('route guards', () => {
  it.each(['/sos', ...ADMIN_PATHS])('without a session, %s goes to /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(ADMIN_PATHS)(
    'an EMPLOYEE typing %s lands on /sos and no admin call is made',
    async (path) => {
      storeSession('EMPLOYEE');
      const spy = stubFetch(() => json(200, []));
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sos');
      const calls = await callsOf(spy);
      expect(calls.filter((c) => /\/api\/(employee|sos\/getAll|conf)/.test(c))).toEqual([]);
    },
  );

  it('sends a signed-in user from /login to /sos', async () => {
    storeSession('SUPER_ADMIN');
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sos');
  });

  it('sends an unknown path to /login', async () => {
    const { router } = renderApp('/does/not/exist');
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unknown path with a session on to /sos', async () => {
    storeSession('EMPLOYEE');
    const { router } = renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sos');
  });

  it('lets a SUPER_ADMIN open the admin screens', async () => {
    storeSession('SUPER_ADMIN');
    // The receivers block lists its receivers: an array, not the key's answer.
    stubFetch((request) =>
      json(
        200,
        new URL(request.url).pathname === '/api/conf/receivers' ? [] : { apiKey: 'chiave-1' },
      ),
    );
    const { router } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Impostazioni' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('drops an expired session at start-up', async () => {
    storeSession('SUPER_ADMIN', { refreshTokenExp: Math.floor(Date.now() / 1000) - 1 });
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
