import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sos } from '@sos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceApi } from '../../entities/devices/deviceEndpoints.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';
import { SosDetailDialog } from './SosDetailDialog.js';

afterEach(() => vi.restoreAllMocks());

const maria = { id: 7, username: 'maria' };
const raised = (over: Partial<Sos> = {}): Sos => ({
  ...sos(4, 'Portineria', '2025-03-01T10:00:00Z', 41),
  location: { lat: 45.4642, lon: 9.19, accuracyM: 12 },
  ...over,
});

async function open(answers: (path: string, request: { method: string }) => Response | undefined) {
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/device/getAll')
      return json([device(4, 'Portineria', raised())]);
    if (call.url.pathname === '/api/sos/timeline')
      return json([{ at: '2025-03-01T10:00:00Z', type: 'RAISED', by: null, text: null }]);
    return answers(call.url.pathname, call);
  });
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const store = signedInStore('EMPLOYEE');
  await store.dispatch(deviceApi.endpoints.getDevices.initiate());
  renderWithStore(store, <SosDetailDialog deviceId={4} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: /Dettaglio/ });
  return { calls, store, dialog, fetchSpy };
}

describe('SOS detail', () => {
  it('shows the device, its location with a map link and the timeline', async () => {
    const { dialog } = await open(() => undefined);
    expect(within(dialog).getByText('45.46420, 9.19000')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Apri la mappa' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=45.4642&mlon=9.19#map=17/45.4642/9.19',
    );
    expect(await within(dialog).findByText('SOS aperto')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Indietro' })).toBeInTheDocument();
  });

  it('takes charge, and says who has it when a colleague was first (409)', async () => {
    const { calls, store, dialog } = await open((path) =>
      path === '/api/sos/ack'
        ? json(
            {
              statusCode: 409,
              error: 'Conflict',
              message: 'taken',
              code: 'SOS_ALREADY_ACKNOWLEDGED',
              sos: raised({ acknowledgedBy: maria, acknowledgedAt: '2025-03-01T10:00:30Z' }),
            },
            409,
          )
        : undefined,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Prendi in carico' }));
    expect(await screen.findByText('Già in carico a maria')).toBeInTheDocument();
    expect(screen.queryByText('Errore inaspettato!')).not.toBeInTheDocument();
    expect(
      calls.find((c) => c.url.pathname === '/api/sos/ack')?.url.searchParams.get('sosId'),
    ).toBe('41');
    // The card and the detail know who has it now: the button offers to take over.
    expect(selectDeviceById(store.getState(), 4)?.lastSos?.acknowledgedBy?.username).toBe('maria');
    expect(await within(dialog).findByRole('button', { name: 'Subentra' })).toBeInTheDocument();
  });

  it('closes with an outcome and a closing note', async () => {
    const { calls, dialog, fetchSpy } = await open((path) =>
      path === '/api/sos/close'
        ? json(raised({ state: 'CLOSED', closedBy: { id: 1, username: 'admin' } }))
        : undefined,
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Esito' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Soccorsi allertati (112)' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Nota di chiusura' }),
      'Ambulanza',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chiudi SOS' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/sos/close')).toBe(true));
    const request = fetchSpy.mock.calls
      .map(([input]) => input)
      .find(
        (input): input is Request =>
          input instanceof Request && input.url.includes('/api/sos/close'),
      );
    expect(request ? await request.clone().json() : null).toEqual({
      outcome: 'EMERGENCY_SERVICES',
      note: 'Ambulanza',
    });
    expect(await screen.findByText('Sos chiuso con successo!')).toBeInTheDocument();
  });

  // Text an operator reads cannot lie (docs/hardening.md): the server's rule, before sending.
  it('refuses a note or a closing note that would lie, on the field, and sends neither', async () => {
    const { calls, dialog } = await open(() => undefined);
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nota' }));
    await userEvent.paste('ok\u202Eevil');
    expect(
      await within(dialog).findByText(/^Il testo non può contenere caratteri di controllo/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Aggiungi nota' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Nota di chiusura' }));
    await userEvent.paste('\u200B\u200B');
    expect(
      await within(dialog).findByText('Il testo deve contenere almeno un carattere visibile'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Chiudi SOS' })).toBeDisabled();
    expect(
      calls.filter(
        (c) => c.url.pathname === '/api/sos/note' || c.url.pathname === '/api/sos/close',
      ),
    ).toEqual([]);
  });
});
