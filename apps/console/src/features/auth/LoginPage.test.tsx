import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, json, notFound, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';
import { getFreshAccessToken } from '../../store/tokenRefresh.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const now = () => Math.floor(Date.now() / 1000);
const auth = {
  access_token: 'a',
  expires_at: now() + 900,
  refresh_token: 'r',
  refresh_expires_at: now() + 86_400,
  id: 7,
  role: 'EMPLOYEE',
  username: 'mario',
};
const failure = (status: number, code: string, headers?: Record<string, string>) =>
  json(status, { statusCode: status, error: 'x', message: 'x', code }, headers);

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Accedi' });
  if (username) await user.type(screen.getByLabelText(/Username/), username);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('LoginPage', () => {
  it('shows the logo and named username and password fields', async () => {
    const { container } = renderApp('/login');
    expect(await screen.findByRole('img', { name: 'SOS Console, logo' })).toHaveAttribute(
      'src',
      '/logo.svg',
    );
    expect(container.querySelector('input[name="username"]')).toBeInTheDocument();
    expect(container.querySelector('input[name="password"]')).toHaveAttribute('type', 'password');
  });

  it('requires username and password, in Italian, without calling the server', async () => {
    const spy = stubFetch(notFound);
    renderApp('/login');
    await signIn('', '');
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(spy).not.toHaveBeenCalled();
  });

  it('after a refused submit, focuses the first empty field and clears its error as it is filled', async () => {
    const spy = stubFetch(notFound);
    const user = userEvent.setup();
    renderApp('/login');
    await signIn('', '');
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(2);
    const username = screen.getByLabelText(/Username/);
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    await user.type(username, 'mario');
    await waitFor(() => expect(screen.getAllByText('Campo obbligatorio')).toHaveLength(1));
    expect(username).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    expect(spy).not.toHaveBeenCalled();
  });

  it('signs in: stores the session, says so and opens the dashboard', async () => {
    const spy = stubFetch((request) =>
      request.url.endsWith('/api/auth/login') ? json(200, auth) : notFound(request),
    );
    const { router } = renderApp('/login');
    await signIn('mario', 'segreta123');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sos');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login avvenuta con successo');
    expect(localStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('role')).toBe('EMPLOYEE');
    const [input, init] = spy.mock.calls[0] ?? [];
    const request = input instanceof Request ? input : new Request(input as string, init);
    expect(await request.json()).toEqual({ username: 'mario', password: 'segreta123' });
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('a session ended by an account change lands on the login page saying so, until the next sign-in', async () => {
    storeSession('EMPLOYEE');
    stubFetch((request) =>
      request.url.endsWith('/api/auth/login') ? json(200, auth) : failure(401, 'ACCOUNT_CHANGED'),
    );
    const { store, router } = renderApp('/sos');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The server refused a call: the forced refresh is refused with the reason.
    expect(await getFreshAccessToken(store, true)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Il tuo account è stato modificato: accedi di nuovo',
    );
    await signIn('mario', 'segreta123');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().auth.endedBecause).toBeNull();
  });

  it('a plain refusal of the refresh (logout elsewhere, expiry) says nothing more', async () => {
    storeSession('EMPLOYEE');
    stubFetch(() => failure(401, 'INVALID_REFRESH_TOKEN'));
    const { store, router } = renderApp('/sos');
    expect(await getFreshAccessToken(store, true)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('heading', { name: 'Accedi' });
    expect(screen.queryByText(/Il tuo account/)).toBeNull();
  });

  it('says "Username o password errati" on a 401, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const spy = stubFetch(() => failure(401, 'INVALID_CREDENTIALS'));
    const { router } = renderApp('/login');
    await signIn('mario', 'sbagliata');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username o password errati');
    expect(router.state.location.pathname).toBe('/login');
    expect(await callsOf(spy)).toEqual(['POST /api/auth/login']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('says how long to wait after too many attempts (429)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => failure(429, 'TOO_MANY_LOGIN_ATTEMPTS', { 'retry-after': '95' }));
    renderApp('/login');
    await signIn('mario', 'sbagliata');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Troppi tentativi, riprova tra 95 s');
    expect(alert).not.toHaveTextContent('Errore inaspettato!');
  });

  it('offers the six languages before signing in', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Lingua e tema' }));
    // The menu is its own chunk, loaded on the first click.
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(8);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en-US'));
    expect(localStorage.getItem('language')).toBe('en');
  });
});
