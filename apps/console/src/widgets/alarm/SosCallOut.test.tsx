import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sos, SosTimelineEntry } from '@sos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { deviceApi } from '../../entities/devices/deviceEndpoints.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
  type Call,
} from '../../test/testKit.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { SosDetailDialog } from './SosDetailDialog.js';

afterEach(() => vi.restoreAllMocks());

const raised: Sos = sos(4, 'Portineria', '2025-03-01T10:00:00Z', 41);
const profile = {
  residentName: 'Giuseppina Ferraro',
  address: 'Via Garibaldi 12',
  phone: '+39 011 555 0101',
  notes: null,
  contacts: [
    { name: 'Marco Ferraro', phone: '+39 (333) 555-1234', relation: 'figlio' },
    { name: 'Luigi Bianchi', phone: null, relation: null },
    { name: 'Anna Russo', phone: '011 555 0199', relation: 'vicina' },
  ],
};
const RESULTS = ['Risponde', 'Non risponde', 'Occupato', 'Numero errato', 'Segreteria'];

let second = 0;
/** The CALL entry the server answers for a request body. */
function entryFor(body: {
  to: string;
  contactIndex?: number;
  result: string;
  note?: string;
}): SosTimelineEntry {
  const contact = body.contactIndex === undefined ? null : profile.contacts[body.contactIndex]!;
  return {
    at: new Date(Date.UTC(2025, 2, 1, 10, 1, ++second)).toISOString(),
    type: 'CALL',
    by: { id: 1, username: 'admin' },
    text: body.note ?? null,
    call: {
      to: body.to as 'RESIDENT' | 'CONTACT',
      contactIndex: body.contactIndex ?? null,
      name: contact ? contact.name : profile.residentName,
      phone: contact ? contact.phone! : profile.phone,
      result: body.result as 'ANSWERED',
      via: 'MANUAL',
      direction: 'OUT',
      durationS: null,
    },
  };
}

async function open(
  callAnswer?: (body: Record<string, unknown>) => Response,
  lastSos: Sos = raised,
) {
  const bodies: Record<string, unknown>[] = [];
  stubFetch((call: Call) => {
    if (call.url.pathname === '/api/device/getAll') return json([device(4, 'Portineria', lastSos)]);
    if (call.url.pathname === '/api/device/profile') return json(profile);
    if (call.url.pathname === '/api/sos/timeline')
      return json([{ at: '2025-03-01T10:00:00.000Z', type: 'RAISED', by: null, text: null }]);
    return undefined;
  });
  // POST /api/sos/call answers from its body, which the stub above does not see.
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (input instanceof Request && new URL(input.url).pathname === '/api/sos/call') {
      const body = (await input.clone().json()) as Record<string, unknown>;
      bodies.push({ sosId: new URL(input.url).searchParams.get('sosId'), ...body });
      return callAnswer ? callAnswer(body) : json(entryFor(body as never), 201);
    }
    return stubbed(input, init);
  });
  const store = signedInStore('EMPLOYEE');
  await store.dispatch(deviceApi.endpoints.getDevices.initiate());
  renderWithStore(store, <SosDetailDialog deviceId={4} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: /Dettaglio/ });
  const list = await within(dialog).findByRole('list', { name: 'Chiamate' });
  const row = (name: string) => within(list).getByRole('listitem', { name: new RegExp(name) });
  return { bodies, store, dialog, list, row };
}

describe('SOS call-out', () => {
  it('lists the resident first, then the contacts in order, each with its tel: link and five results', async () => {
    const { dialog, list, row } = await open();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.split(/Risponde/)[0])).toEqual([
      'Assistito: Giuseppina Ferraro+39 011 555 0101',
      'Marco Ferraro (figlio)+39 (333) 555-1234',
      'Luigi BianchiNessun numero',
      'Anna Russo (vicina)011 555 0199',
    ]);
    expect(
      within(row('Giuseppina')).getByRole('link', { name: '+39 011 555 0101' }),
    ).toHaveAttribute('href', 'tel:+390115550101');
    expect(within(row('Marco')).getByRole('link', { name: '+39 (333) 555-1234' })).toHaveAttribute(
      'href',
      'tel:+393335551234',
    );
    const group = within(row('Marco')).getByRole('group', {
      name: 'Esito della chiamata a Marco Ferraro',
    });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...RESULTS, 'Nota']);
    // A contact without a phone cannot be called.
    expect(within(row('Luigi')).queryByRole('button')).not.toBeInTheDocument();
    // The phones are not listed twice: the profile above keeps the name, address and notes.
    expect(within(dialog).getAllByRole('link', { name: '+39 011 555 0101' })).toHaveLength(1);
    expect(within(dialog).getByText('Via Garibaldi 12')).toBeInTheDocument();
    // The note stays closed until asked for; nothing marked before any call.
    expect(
      within(dialog).queryByRole('textbox', { name: 'Nota alla chiamata' }),
    ).not.toBeInTheDocument();
    expect(list.querySelector('[data-next]')).toBeNull();
  });

  it('records a call with one click, shows its result beside the number, and marks the next one to call', async () => {
    const { bodies, dialog, row } = await open();
    await userEvent.click(within(row('Giuseppina')).getByRole('button', { name: 'Non risponde' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ sosId: '41', to: 'RESIDENT', result: 'NO_ANSWER' }]),
    );
    expect(screen.queryAllByRole('dialog')).toHaveLength(1); // no confirmation
    await waitFor(() => expect(row('Giuseppina')).toHaveTextContent('Ultimo esito: Non risponde'));
    expect(row('Marco')).toHaveAttribute('data-next', 'true');
    expect(row('Marco')).toHaveTextContent('Da chiamare ora');
    const timeline = within(dialog).getByRole('list', { name: 'Cronologia' });
    expect(timeline).toHaveTextContent('Chiamata da admin');
    expect(timeline).toHaveTextContent('Giuseppina Ferraro +39 011 555 0101: Non risponde');

    // Marco is busy: Luigi has no phone, so Anna is next; she answers and no one is marked.
    await userEvent.click(within(row('Marco')).getByRole('button', { name: 'Occupato' }));
    await waitFor(() => expect(row('Anna')).toHaveAttribute('data-next', 'true'));
    expect(row('Marco')).not.toHaveAttribute('data-next');
    await userEvent.click(within(row('Anna')).getByRole('button', { name: 'Risponde' }));
    await waitFor(() => expect(row('Anna')).toHaveTextContent('Ultimo esito: Risponde'));
    expect(
      within(dialog).getByRole('list', { name: 'Chiamate' }).querySelector('[data-next]'),
    ).toBeNull();
    expect(bodies.slice(1)).toEqual([
      { sosId: '41', to: 'CONTACT', contactIndex: 0, result: 'BUSY' },
      { sosId: '41', to: 'CONTACT', contactIndex: 2, result: 'ANSWERED' },
    ]);
  });

  it("asks first on an SOS a colleague holds; 'Annulla' records nothing", async () => {
    const held: Sos = {
      ...raised,
      acknowledgedAt: '2025-03-01T10:00:30Z',
      acknowledgedBy: { id: 2, username: 'maria' },
    };
    const { bodies, row } = await open(undefined, held);
    const button = () => within(row('Giuseppina')).getByRole('button', { name: 'Non risponde' });
    await userEvent.click(button());
    const ask = await screen.findByRole('dialog', { name: 'Attenzione!' });
    expect(ask).toHaveTextContent('In carico a maria: registrare comunque la chiamata?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attenzione!' })).toBeNull());
    expect(bodies).toEqual([]);
    await userEvent.click(button());
    const again = await screen.findByRole('dialog', { name: 'Attenzione!' });
    await userEvent.click(within(again).getByRole('button', { name: 'Registra chiamata' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ sosId: '41', to: 'RESIDENT', result: 'NO_ANSWER' }]),
    );
  });

  it('is operable with the keyboard alone, the note included', async () => {
    const { bodies, row } = await open();
    within(row('Marco')).getByRole('link').focus();
    await userEvent.tab(); // Risponde
    await userEvent.tab(); // Non risponde
    expect(document.activeElement).toHaveTextContent('Non risponde');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ to: 'CONTACT', contactIndex: 0, result: 'NO_ANSWER' });
    // The focus stays where it was: the operator goes on from there.
    expect(document.activeElement).toHaveTextContent('Non risponde');
    for (let i = 0; i < 4; i += 1) await userEvent.tab(); // … Segreteria, Nota
    expect(document.activeElement).toHaveTextContent('Nota');
    expect(document.activeElement).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    const note = await within(row('Marco')).findByRole('textbox', { name: 'Nota alla chiamata' });
    expect(note).toHaveFocus();
    await userEvent.keyboard('Richiama tra 5 minuti');
    await userEvent.tab({ shift: true }); // back to Nota
    await userEvent.tab({ shift: true }); // Segreteria
    await userEvent.keyboard(' ');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      sosId: '41',
      to: 'CONTACT',
      contactIndex: 0,
      result: 'VOICEMAIL',
      note: 'Richiama tra 5 minuti',
    });
    // Sent with the call, the note closes.
    await waitFor(() =>
      expect(within(row('Marco')).queryByRole('textbox')).not.toBeInTheDocument(),
    );
  });

  it("follows a colleague's calls live, and writes them in the reader's language", async () => {
    const { store, dialog, row } = await open();
    const entry = entryFor({
      to: 'CONTACT',
      contactIndex: 0,
      result: 'WRONG_NUMBER',
      note: 'Numero cambiato',
    });
    store.dispatch(
      liveEventReceived({
        name: 'sos-note',
        data: { sosId: 41, entry: { ...entry, by: { id: 9, username: 'maria' } } },
      }),
    );
    await waitFor(() => expect(row('Marco')).toHaveTextContent('Ultimo esito: Numero errato'));
    const timeline = within(dialog).getByRole('list', { name: 'Cronologia' });
    expect(timeline).toHaveTextContent('Chiamata da maria');
    expect(timeline).toHaveTextContent(
      'Marco Ferraro +39 (333) 555-1234: Numero errato — Numero cambiato',
    );
    act(() => {
      store.dispatch(languageChanged('ar'));
    });
    await waitFor(() => expect(timeline).toHaveTextContent('مكالمة بواسطة maria'));
    expect(timeline).toHaveTextContent(
      'Marco Ferraro +39 (333) 555-1234: رقم خاطئ — Numero cambiato',
    );
  });

  it('says who closed the SOS when it was closed meanwhile, and offers no more calls', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const closed = {
      ...raised,
      state: 'CLOSED' as const,
      closedBy: { id: 9, username: 'maria' },
      dateClosed: '2025-03-01T10:05:00Z',
    };
    const { row } = await open(() =>
      json(
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'closed',
          code: 'SOS_NOT_OPEN',
          sos: closed,
        },
        409,
      ),
    );
    await userEvent.click(within(row('Giuseppina')).getByRole('button', { name: 'Risponde' }));
    expect(await screen.findByText('SOS già chiuso da maria')).toBeInTheDocument();
    expect(screen.queryByText('Errore inaspettato!')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(row('Giuseppina')).queryByRole('button')).not.toBeInTheDocument(),
    );
  });
});
