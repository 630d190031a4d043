import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callsOf, json, notFound, stubFetch } from '../test/http.js';
import { renderApp } from '../test/renderApp.js';
import { storeSession } from '../test/session.js';

vi.mock('../features/dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
vi.mock('../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const mario = { id: 5, username: 'mario', email: 'mario@example.com', role: 'EMPLOYEE' };
const unavailable = () =>
  json(
    503,
    {
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The database is unavailable',
      code: 'DATABASE_UNAVAILABLE',
    },
    { 'retry-after': '1' },
  );

/** A database outage (docs/hardening.md): the console says so and reads again once it is over. */
describe('a database outage in the console', () => {
  // The screens' chunks and the snackbar's view load once here, not inside the first wait.
  beforeAll(async () => {
    await Promise.all([
      import('../features/users/UsersPage.js'),
      import('../features/users/UserFormPage.js'),
      import('../app/SnackbarView.js'),
    ]);
  }, 60_000);

  it('says "Servizio momentaneamente non disponibile" and retries the list until it is answered', async () => {
    let outage = 2;
    const spy = stubFetch((request) => {
      if (new URL(request.url).pathname !== '/api/employee') return notFound(request);
      return outage-- > 0 ? unavailable() : json(200, [mario]);
    });
    storeSession('SUPER_ADMIN');
    renderApp('/users');
    expect(
      await screen.findByText('Servizio momentaneamente non disponibile', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('mario', {}, { timeout: 5000 })).toBeInTheDocument();
    expect((await callsOf(spy)).filter((c) => c === 'GET /api/employee')).toHaveLength(3);
  });

  it('says so for a write too, without sending it again', async () => {
    const spy = stubFetch((request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      if (key === 'GET /api/employee/5') return json(200, mario);
      if (key === 'PATCH /api/employee/5') return unavailable();
      return notFound(request);
    });
    storeSession('SUPER_ADMIN');
    renderApp('/user/5');
    await screen.findByRole('heading', { name: 'Modifica utente' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Servizio momentaneamente non disponibile')).toBeInTheDocument();
    expect((await callsOf(spy)).filter((c) => c === 'PATCH /api/employee/5')).toHaveLength(1);
  });
});
