import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device, Role } from '@sos/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import DashboardPage from './DashboardPage.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
  type Call,
} from '../../test/testKit.js';

const OPENED_AT = '2025-03-01T09:05:00Z';
/** DD/MM/YYYY HH:mm in the test machine's time zone. */
const pad = (n: number) => String(n).padStart(2, '0');
const local = new Date(OPENED_AT);
const OPENED_TEXT = `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  // jsdom has no media playback: record what the alarm asks of its element.
  const setPaused = (element: HTMLMediaElement, paused: boolean) =>
    Object.defineProperty(element, 'paused', { configurable: true, value: paused });
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    setPaused(this, false);
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    setPaused(this, true);
  });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup(); // unmount (the alarm pauses) while the media stubs are still in place
  vi.restoreAllMocks();
});

/** The SOS as PATCH /api/sos/close answers it: closed by `closer`. */
function closedAnswer(devices: Device[], sosId: number, closer = { id: 1, username: 'admin' }) {
  const open = devices.find((d) => d.lastSos?.id === sosId)?.lastSos;
  return json({ ...open, state: 'CLOSED', dateClosed: OPENED_AT, closedBy: closer });
}

function setup(
  devices: Device[],
  role: Role = 'SUPER_ADMIN',
  closer?: { id: number; username: string },
) {
  const calls = stubFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/device/getAll') return json(devices);
    if (path === '/api/sos/close')
      return closedAnswer(devices, Number(call.url.searchParams.get('sosId')), closer);
    if (path === '/api/device/delete') return new Response(null, { status: 204 });
    if (path === '/api/sos/realTime') return new Promise<Response>(() => {});
    return undefined;
  });
  renderWithStore(signedInStore(role), <DashboardPage />);
  return calls;
}

const enableAudio = () => userEvent.click(document.body);
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('[role="listitem"]') as HTMLElement;

describe('dashboard', () => {
  it('shows only the audio prompt until the first click, then the device cards', async () => {
    const calls = setup([device(1, 'Reception'), device(2, 'Magazzino')]);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(
      screen.getByText("Per abilitare l'audio clicca in un punto qualsiasi dello schermo"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c: Call) => c.url.pathname === '/api/device/getAll')).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Reception' })).not.toBeInTheDocument();

    await enableAudio();
    expect(screen.queryByText(/Per abilitare l'audio/)).not.toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Magazzino',
      'Reception',
    ]);
  });

  it('before the click, says how many SOS are open above the prompt; none with none open', async () => {
    setup([
      device(1, 'Magazzino'),
      device(2, 'Reception', sos(2, 'Reception', OPENED_AT)),
      device(3, 'Cucina', sos(3, 'Cucina', OPENED_AT)),
    ]);
    const banner = await screen.findByText('SOS da gestire: 2');
    const prompt = screen.getByText(
      "Per abilitare l'audio clicca in un punto qualsiasi dello schermo",
    );
    expect(banner.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await enableAudio();
    expect(screen.queryByText('SOS da gestire: 2')).not.toBeInTheDocument();
    cleanup();
    setup([device(1, 'Magazzino')]);
    await screen.findByText(/Per abilitare l'audio/);
    expect(screen.queryByText(/SOS da gestire/)).not.toBeInTheDocument();
  });

  it('shows an open SOS as an alert card first, with its time and a close button', async () => {
    setup([device(1, 'Magazzino'), device(2, 'Reception', sos(2, 'Reception', OPENED_AT))]);
    await enableAudio();
    const alert = await cardOf('Reception');
    expect(screen.getAllByRole('listitem')[0]).toBe(alert);
    expect(within(alert).getByText(OPENED_TEXT)).toBeInTheDocument();
    expect(
      within(alert).getByRole('button', { name: 'Chiudi SOS di Reception' }),
    ).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: /Elimina/ })).not.toBeInTheDocument();
    const plain = await cardOf('Magazzino');
    expect(within(plain).queryByRole('button', { name: /Chiudi SOS/ })).not.toBeInTheDocument();
    expect(
      within(plain).getByRole('button', { name: 'Elimina il dispositivo Magazzino' }),
    ).toBeInTheDocument();
  });

  it("names the delete button in a tooltip on hover, the grid's one shared tooltip", async () => {
    setup([device(1, 'Magazzino'), device(2, 'Reception')]);
    await enableAudio();
    const button = await screen.findByRole('button', { name: 'Elimina il dispositivo Reception' });
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Elimina il dispositivo Reception',
    );
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('offers device deletion to super administrators only', async () => {
    setup([device(1, 'Magazzino')], 'EMPLOYEE');
    await enableAudio();
    const plain = await cardOf('Magazzino');
    expect(within(plain).queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes an SOS with its id, says so, and turns the card plain', async () => {
    const open = sos(2, 'Reception', OPENED_AT, 77);
    const calls = setup([device(2, 'Reception', open)], 'EMPLOYEE');
    await enableAudio();
    await userEvent.click(await screen.findByRole('button', { name: 'Chiudi SOS di Reception' }));
    const close = calls.find((c) => c.url.pathname === '/api/sos/close');
    expect(close?.method).toBe('PATCH');
    expect(close?.url.searchParams.get('sosId')).toBe('77');
    expect(await screen.findByText('Sos chiuso con successo!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Chiudi SOS/ })).not.toBeInTheDocument();
  });

  it('says who closed it when a colleague closed the SOS first, never "Errore inaspettato!"', async () => {
    const open = sos(2, 'Reception', OPENED_AT, 78);
    setup([device(2, 'Reception', open)], 'EMPLOYEE', { id: 9, username: 'maria' });
    await enableAudio();
    await userEvent.click(await screen.findByRole('button', { name: 'Chiudi SOS di Reception' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('SOS già chiuso da maria');
    expect(alert.className).toMatch(/Error/);
    expect(screen.queryByText('Errore inaspettato!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Chiudi SOS/ })).not.toBeInTheDocument();
  });

  it('deletes a device after the confirmation', async () => {
    const calls = setup([device(1, 'Magazzino'), device(2, 'Reception')]);
    await enableAudio();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Elimina il dispositivo Magazzino' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Attenzione!' });
    expect(
      within(dialog).getByText('Sei sicuro di voler eliminare il dispositivo?'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    const removal = calls.find((c) => c.url.pathname === '/api/device/delete');
    expect(removal?.method).toBe('DELETE');
    expect(removal?.url.searchParams.get('id')).toBe('1');
    expect(await screen.findByText('Device eliminato')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Magazzino' })).not.toBeInTheDocument(),
    );
  });

  it('rings once audio is enabled while an SOS is open, and stops when it is closed', async () => {
    setup([device(2, 'Reception', sos(2, 'Reception', OPENED_AT))]);
    await enableAudio();
    await cardOf('Reception');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2)); // the muted unlock, then the alarm
    expect(play.mock.instances[1]).toMatchObject({ muted: false, loop: true });
    pause.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    await waitFor(() => expect(pause).toHaveBeenCalled());
  });

  it('says when the list cannot be loaded and loads it again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    stubFetch((call) => {
      if (call.url.pathname === '/api/sos/realTime') return new Promise<Response>(() => {});
      if (call.url.pathname !== '/api/device/getAll') return undefined;
      return failing ? json({ code: 'INTERNAL_ERROR' }, 500) : json([device(1, 'Reception')]);
    });
    renderWithStore(signedInStore(), <DashboardPage />);
    await enableAudio();
    expect(await screen.findByText('Impossibile caricare i dispositivi')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'Reception' })).toBeInTheDocument();
  });
});
