import { COMMON_PASSWORD_MESSAGE } from '@sos/contract';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
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

const mario = { id: 5, username: 'mario', email: 'mario@example.com', role: 'EMPLOYEE' };

function serve(overrides: Record<string, () => Response> = {}) {
  return stubFetch((request) => {
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const override = overrides[key];
    if (override) return override();
    if (key === 'GET /api/employee/5') return json(200, mario);
    if (key === 'GET /api/employee') return json(200, [mario]);
    if (key === 'POST /api/employee') return json(201, { ...mario, id: 9 });
    if (key === 'PATCH /api/employee/5') return json(200, mario);
    return notFound(request);
  });
}

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

async function open(path: string) {
  storeSession('SUPER_ADMIN');
  const view = renderApp(path);
  await screen.findByRole('heading', {
    name: path === '/user' ? 'Nuovo utente' : 'Modifica utente',
  });
  return { ...view, user: userEvent.setup() };
}

async function bodyOf(spy: ReturnType<typeof stubFetch>, method: string) {
  const call = spy.mock.calls.find(([input]) => (input as Request).method === method);
  return (call?.[0] as Request).json();
}

describe('UserFormPage, create mode', () => {
  it('requires every field', async () => {
    const spy = serve();
    const { user } = await open('/user');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findAllByText('Campo obbligatorio')).toHaveLength(4);
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(['mario@example', 'mario@example.c', 'mario@example.italia', 'mario example.com'])(
    'refuses the email %s',
    async (email) => {
      serve();
      const { user, container } = await open('/user');
      await user.type(field(container, 'email'), email);
      await user.click(screen.getByRole('button', { name: 'Salva' }));
      expect(await screen.findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    },
  );

  // Text an operator reads cannot lie (docs/hardening.md): the server's rule, on the field.
  it.each([
    [
      'a right-to-left override',
      'ab\u202Ecd',
      'Il testo non può contenere caratteri di controllo della direzione',
    ],
    [
      'a line separator',
      'ab\u2028cd',
      'Il testo non può contenere caratteri di controllo della direzione',
    ],
    [
      'only zero-width spaces',
      '\u200B\u200B\u200B',
      'Il testo deve contenere almeno un carattere visibile',
    ],
  ])(
    'refuses a username with %s, on the field and without sending',
    async (_label, username, message) => {
      const spy = serve();
      const { user, container } = await open('/user');
      await user.click(field(container, 'username'));
      await user.paste(username);
      await user.click(screen.getByRole('button', { name: 'Salva' }));
      expect(await screen.findByText(new RegExp(`^${message}`))).toBeInTheDocument();
      expect(spy).not.toHaveBeenCalled();
    },
  );

  it('takes a Persian username with its zero-width non-joiner', async () => {
    const spy = serve();
    const { user, container } = await open('/user');
    await user.click(field(container, 'username'));
    await user.paste('می\u200Cخواهم');
    await user.type(field(container, 'email'), 'luigi@example.com');
    await user.type(field(container, 'password'), 'password-1');
    await user.type(field(container, 'confirmPassword'), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(async () => expect((await bodyOf(spy, 'POST')).username).toBe('می\u200Cخواهم'));
  });

  it('refuses passwords that differ', async () => {
    serve();
    const { user, container } = await open('/user');
    await user.type(field(container, 'password'), 'password-1');
    await user.type(field(container, 'confirmPassword'), 'password-2');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Le password non coincidono')).toBeInTheDocument();
  });

  it('creates the user, says so and returns to the list', async () => {
    const spy = serve();
    const { user, container, router } = await open('/user');
    await user.type(field(container, 'username'), 'luigi');
    await user.type(field(container, 'email'), 'luigi@example.com');
    await user.type(field(container, 'password'), 'password-1');
    await user.type(field(container, 'confirmPassword'), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await findAlert('Utente creato!')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await bodyOf(spy, 'POST')).toEqual({
      username: 'luigi',
      email: 'luigi@example.com',
      password: 'password-1',
      role: 'EMPLOYEE',
    });
  });

  it('creates a super administrator when "Ruolo" says so (Operatore by default)', async () => {
    const spy = serve();
    const { user, container } = await open('/user');
    expect(screen.getByRole('combobox', { name: 'Ruolo' })).toHaveTextContent('Operatore');
    await user.type(field(container, 'username'), 'carla');
    await user.type(field(container, 'email'), 'carla@example.com');
    await user.type(field(container, 'password'), 'password-1');
    await user.type(field(container, 'confirmPassword'), 'password-1');
    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    await user.click(await screen.findByRole('option', { name: 'Super amministratore' }));
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    // NIST SP 800-63B as docs/security.md applies it: 12 characters for a super administrator.
    expect(
      await screen.findByText(
        'La password di un super amministratore deve avere almeno 12 caratteri',
      ),
    ).toBeInTheDocument();
    await user.type(field(container, 'password'), '23');
    await user.type(field(container, 'confirmPassword'), '23');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await findAlert('Utente creato!')).toBeVisible();
    expect(await bodyOf(spy, 'POST')).toMatchObject({ username: 'carla', role: 'SUPER_ADMIN' });
  });

  it('says on the password field when the server finds it among the common passwords', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({
      'POST /api/employee': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: COMMON_PASSWORD_MESSAGE,
          code: 'VALIDATION_ERROR',
        }),
    });
    const { user, container } = await open('/user');
    await user.type(field(container, 'username'), 'dino');
    await user.type(field(container, 'email'), 'dino@example.com');
    await user.type(field(container, 'password'), 'iloveyou');
    await user.type(field(container, 'confirmPassword'), 'iloveyou');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(
      await screen.findByText("Questa password è tra le più comuni: scegline un'altra"),
    ).toBeInTheDocument();
  });

  it('shows a taken username on the field and in the snackbar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({
      'POST /api/employee': () =>
        json(409, { statusCode: 409, error: 'Conflict', message: 'taken', code: 'USERNAME_TAKEN' }),
    });
    const { user, container, router } = await open('/user');
    await user.type(field(container, 'username'), 'mario');
    await user.type(field(container, 'email'), 'm@example.com');
    await user.type(field(container, 'password'), 'password-1');
    await user.type(field(container, 'confirmPassword'), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await findAlert('Username già in uso')).toBeVisible();
    expect(field(container, 'username')).toHaveAccessibleDescription('Username già in uso');
    expect(router.state.location.pathname).toBe('/user');
  });

  it('returns to the list on Cancel without saving', async () => {
    const spy = serve();
    const { user, router } = await open('/user');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect((await callsOf(spy)).filter((c) => !c.startsWith('GET'))).toEqual([]);
  });
});

describe('UserFormPage, edit mode', () => {
  it('loads the user, blanks the password and labels it "Nuova password"', async () => {
    const spy = serve();
    const { container } = await open('/user/5');
    await waitFor(() => expect(field(container, 'username')).toHaveValue('mario'));
    expect(field(container, 'email')).toHaveValue('mario@example.com');
    expect(field(container, 'password')).toHaveValue('');
    expect(screen.getByLabelText(/^Nuova password/)).toBe(field(container, 'password'));
    expect(await callsOf(spy)).toEqual(['GET /api/employee/5']);
  });

  it('keeps the password when left blank and says the user was updated', async () => {
    const spy = serve();
    const { user, container, router } = await open('/user/5');
    await waitFor(() => expect(field(container, 'username')).toHaveValue('mario'));
    await user.clear(field(container, 'email'));
    await user.type(field(container, 'email'), 'mario.rossi@example.com');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await findAlert("L'utente mario è stato aggiornato!")).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await bodyOf(spy, 'PATCH')).toEqual({
      id: 5,
      username: 'mario',
      email: 'mario.rossi@example.com',
      role: 'EMPLOYEE',
    });
  });

  it('asks for the confirmation only once a new password is typed', async () => {
    const spy = serve();
    const { user, container } = await open('/user/5');
    await waitFor(() => expect(field(container, 'username')).toHaveValue('mario'));
    await user.type(field(container, 'password'), 'nuova-password');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeInTheDocument();
    expect((await callsOf(spy)).some((c) => c.startsWith('PATCH'))).toBe(false);
  });
});
