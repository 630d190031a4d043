import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, json, notFound, stubFetch } from '../../test/http.js';
import { renderApp, findAlert } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const users = [
  { id: 1, username: 'admin', email: 'admin@example.com', role: 'SUPER_ADMIN' },
  { id: 2, username: 'mario', email: 'mario@example.com', role: 'EMPLOYEE' },
];

function serve() {
  let list = [...users];
  return stubFetch((request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/api/employee') return json(200, list);
    if (request.method === 'DELETE' && pathname === '/api/employee/2') {
      list = list.filter((u) => u.id !== 2);
      return new Response(null, { status: 204 });
    }
    if (request.method === 'GET' && pathname === '/api/employee/2') return json(200, users[1]);
    return notFound(request);
  });
}

describe('UsersPage', () => {
  it('loads the users on entry and shows username and email', async () => {
    storeSession('SUPER_ADMIN');
    const spy = serve();
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Gestione utenti' })).toBeInTheDocument();
    expect(await screen.findByText('mario@example.com')).toBeInTheDocument();
    expect(screen.getByText('admin')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Username' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    // "Ruolo" (docs/console.md Users list): each user's role in words.
    expect(screen.getByRole('columnheader', { name: 'Ruolo' })).toBeInTheDocument();
    expect(screen.getByText('admin').closest('[role="row"]')).toHaveTextContent(
      'Super amministratore',
    );
    expect(await callsOf(spy)).toEqual(['GET /api/employee']);
    const [input] = spy.mock.calls[0] ?? [];
    expect((input as Request).headers.get('authorization')).toBe('Bearer access-token');
  });

  it('deletes a user after confirmation, says so and reloads the list', async () => {
    storeSession('SUPER_ADMIN');
    const spy = serve();
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Elimina mario' }));
    const dialog = screen.getByRole('dialog', { name: 'Attenzione!' });
    expect(dialog).toHaveTextContent("Sei sicuro di voler eliminare l'utente?");
    expect(dialog).toHaveTextContent('mario');
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await findAlert("L'utente è stato eliminato!")).toBeVisible();
    await waitFor(() => expect(screen.queryByText('mario@example.com')).not.toBeInTheDocument());
    expect(await callsOf(spy)).toEqual([
      'GET /api/employee',
      'DELETE /api/employee/2',
      'GET /api/employee',
    ]);
  });

  it('does nothing when the deletion is cancelled', async () => {
    storeSession('SUPER_ADMIN');
    const spy = serve();
    renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Elimina mario' }));
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await callsOf(spy)).toEqual(['GET /api/employee']);
  });

  it('opens the edit form and the new-user form', async () => {
    storeSession('SUPER_ADMIN');
    serve();
    const { router } = renderApp('/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modifica mario' }));
    expect(await screen.findByRole('heading', { name: 'Modifica utente' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/2');
    await router.navigate('/users');
    await user.click(await screen.findByRole('button', { name: 'Nuovo' }));
    expect(await screen.findByRole('heading', { name: 'Nuovo utente' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user');
  });
});
