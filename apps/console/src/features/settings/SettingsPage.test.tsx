import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/languageSlice.js';
import { callsOf, json, notFound, stubFetch } from '../../test/http.js';
import { renderApp, findAlert } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
// The alarm settings below the API key have their own test (AlarmConfForm.test.tsx).
vi.mock('./AlarmConfForm.js', () => ({ AlarmConfForm: () => null }));
// So are the receivers (ReceiversBlock.test.tsx).
vi.mock('./ReceiversBlock.js', () => ({ ReceiversBlock: () => null }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

function serve() {
  return stubFetch((request) => {
    if (new URL(request.url).pathname !== '/api/conf/apiKey') return notFound(request);
    return request.method === 'GET'
      ? json(200, { apiKey: 'chiave-attuale' })
      : json(200, { apiKey: 'nuova' });
  });
}

async function open() {
  storeSession('SUPER_ADMIN');
  const view = renderApp('/settings');
  const input = () => view.container.querySelector<HTMLInputElement>('input[name="apiKey"]');
  await waitFor(() => expect(input()).toHaveValue('chiave-attuale'));
  return { ...view, input: input() as HTMLInputElement, user: userEvent.setup() };
}

describe('SettingsPage', () => {
  it('loads the api key', async () => {
    const spy = serve();
    await open();
    expect(await callsOf(spy)).toEqual(['GET /api/conf/apiKey']);
  });

  it('requires at least 4 characters', async () => {
    const spy = serve();
    const { input, user } = await open();
    await user.clear(input);
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText("L'api key deve avere almeno 4 caratteri")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await callsOf(spy)).toEqual(['GET /api/conf/apiKey']);
  });

  it('refuses, as the server does, a key the devices could not send in a header', async () => {
    const spy = serve();
    const { input, user } = await open();
    await user.clear(input);
    await user.type(input, 'chiave-è-segreta');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText(/solo caratteri ASCII stampabili/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await callsOf(spy)).toEqual(['GET /api/conf/apiKey']);
  });

  it('changes the key only after the warning is confirmed', async () => {
    const spy = serve();
    const { input, user } = await open();
    await user.clear(input);
    await user.type(input, 'nuova');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!' });
    expect(dialog).toHaveTextContent(
      'Cambiando la api key tutti i dispositivi registrati perderanno la configurazione, sei sicuro di voler procedere?',
    );
    expect(await callsOf(spy)).toEqual(['GET /api/conf/apiKey']);
    await user.click(within(dialog).getByRole('button', { name: 'Cambia' }));
    expect(await findAlert('Api key cambiata con successo')).toBeVisible();
    const post = spy.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ apiKey: 'nuova' });
  });

  it('warns "Chiave debole" under 16 characters, and still accepts the key from 4', async () => {
    serve();
    const { input, user } = await open();
    // The stored key has 14 characters.
    expect(screen.getByRole('status')).toHaveTextContent('Chiave debole');
    await user.clear(input);
    await user.type(input, 'x'.repeat(16));
    expect(screen.queryByText('Chiave debole')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'abcd');
    expect(screen.getByRole('status')).toHaveTextContent('Chiave debole');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByRole('dialog', { name: 'Attenzione!' })).toBeInTheDocument();
  });

  it('returns to /sos on Cancel', async () => {
    serve();
    const { user, router } = await open();
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sos');
  });

  // Last: the language's resources stay loaded in the module for the rest of the file.
  it('shows and takes the key left to right, in Arabic too', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    serve();
    const { input } = await open();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(input).toHaveAttribute('dir', 'ltr');
  });
});
