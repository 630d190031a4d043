import type { ReactNode } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp, findAlert } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
// The console-wide live connection and alarm (LiveScope) are tested on their own.
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

// Local times, so the expected texts hold in any time zone.
const iso = (...parts: [number, number, number, number, number, number]) =>
  new Date(...parts).toISOString();

const closed = {
  id: 3,
  state: 'CLOSED',
  dateCreated: iso(2025, 2, 7, 9, 0, 0),
  lastUpdated: iso(2025, 2, 8, 12, 3, 9),
  dateClosed: iso(2025, 2, 8, 12, 3, 9),
  closedBy: { id: 1, username: 'admin' },
  kind: 'FALL',
  source: { protocol: 'SCAIP', code: '0005/0010', detail: null },
  device: { id: 4, displayName: 'Portineria' },
  calls: 3,
};

/** One server page of the history (docs/contract.md "Reports and history"). */
const page = (items: unknown[], total = items.length, nextCursor: string | null = null) => ({
  items,
  total,
  nextCursor,
});

/** The history page answers `body`; the device lists (the device filter's choices) are empty. */
const answer = (body: unknown) => (request: Request) =>
  json(
    200,
    ['/api/device/getAll', '/api/device/deleted'].includes(new URL(request.url).pathname)
      ? []
      : body,
  );

describe('HistoryPage', () => {
  // The screen's chunk (grid, filters) loads once here, not inside the first test's wait.
  beforeAll(async () => {
    await import('./HistoryPage.js');
  }, 60_000);

  it('lists the closed SOS with dates, duration, device and who closed it', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch(answer(page([closed])));
    renderApp('/sos/history');
    expect(await screen.findByRole('heading', { name: 'Storico' })).toBeInTheDocument();
    const row = (await screen.findByText('Portineria')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Chiuso')).toBeInTheDocument();
    expect(within(row).getByText('07/03/2025 09:00:00')).toBeInTheDocument();
    expect(within(row).getByText('08/03/2025 12:03:09')).toBeInTheDocument();
    expect(within(row).getByText('27:03:09')).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    expect(within(row).getByText('Caduta')).toBeInTheDocument();
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    // What fits 1440 px (docs/shift.md): "Chiuso da" on screen, three columns on demand.
    const shown = ['Stato', 'Data di apertura', 'Data di chiusura', 'Durata', 'Dispositivo'];
    expect(headers()).toEqual([...shown, 'Esito', 'Tipo', 'Chiuso da']);
    const user = userEvent.setup();
    // The column's menu (its button shows on hover).
    const menu = screen.getByRole('columnheader', { name: 'Stato' }).querySelector('button');
    await user.click(menu as HTMLElement);
    await user.click(await screen.findByRole('menuitem', { name: 'Gestisci colonne' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Mostra/Nascondi Tutto' }));
    await waitFor(() => expect(headers()).toHaveLength(11));
    expect(headers()).toEqual([
      ...shown,
      'Esito',
      'Preso in carico da',
      'Tempo di presa in carico',
      'Tipo',
      'Chiamate',
      'Chiuso da',
    ]);
    // The calls logged while handling it (docs/call-out.md).
    expect(row.querySelector('[data-field="calls"]')).toHaveTextContent(/^3$/);
    expect(await callsOf(spy)).toContain('GET /api/sos/history?limit=20');
    // The choice is kept: the history opened again shows the columns chosen.
    cleanup();
    renderApp('/sos/history');
    await screen.findByText('Portineria');
    expect(headers()).toHaveLength(11);
  });

  it('shows 20 rows per page', async () => {
    storeSession('SUPER_ADMIN');
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...closed,
      id: i + 1,
      device: { id: i + 1, displayName: `Dispositivo ${i + 1}` },
    }));
    stubFetch(answer(page(many.slice(0, 20), 25)));
    renderApp('/sos/history');
    expect(await screen.findByText('Dispositivo 1')).toBeInTheDocument();
    expect(screen.getByText('Dispositivo 20')).toBeInTheDocument();
    expect(screen.queryByText('Dispositivo 21')).not.toBeInTheDocument();
    expect(screen.getByText(/1–20 di 25/)).toBeInTheDocument();
  });

  it("keeps the server's order (newest closure first): a header click sorts nothing, since a page is 20 of many", async () => {
    storeSession('SUPER_ADMIN');
    // The newest closure took longer: sorting the page by duration would swap the rows.
    const long = { ...closed, id: 5, device: { id: 5, displayName: 'Lungo' } };
    const short = {
      ...closed,
      id: 6,
      dateCreated: iso(2025, 2, 8, 11, 0, 0),
      lastUpdated: iso(2025, 2, 8, 11, 0, 5),
      device: { id: 6, displayName: 'Breve' },
    };
    stubFetch(answer(page([long, short], 40, 'next')));
    renderApp('/sos/history');
    await screen.findByText('Lungo');
    const devices = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).queryByText(/Lungo|Breve/)?.textContent);
    expect(devices()).toEqual(['Lungo', 'Breve']);
    await userEvent.setup().click(screen.getByRole('columnheader', { name: 'Durata' }));
    expect(devices()).toEqual(['Lungo', 'Breve']);
    expect(screen.getByRole('columnheader', { name: 'Durata' })).not.toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('says "Errore inaspettato!" when the history cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession('SUPER_ADMIN');
    stubFetch(() =>
      json(500, { statusCode: 500, error: 'x', message: 'x', code: 'INTERNAL_ERROR' }),
    );
    renderApp('/sos/history');
    expect(await findAlert('Errore inaspettato!')).toBeVisible();
  });

  it('asks the server for the next page with its cursor, and starts again when a filter changes', async () => {
    storeSession('SUPER_ADMIN');
    const first = Array.from({ length: 20 }, (_, i) => ({
      ...closed,
      id: i + 1,
      device: { id: 1, displayName: `Primo ${i + 1}` },
    }));
    const spy = stubFetch((request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/device/getAll')
        return json(200, [
          {
            id: 4,
            displayName: 'Portineria',
            serial: 's',
            lastSos: null,
            dateCreated: closed.dateCreated,
            lastSeenAt: null,
          },
        ]);
      if (url.pathname === '/api/device/deleted') return json(200, []);
      if (url.searchParams.get('cursor') === 'next-1')
        return json(
          200,
          page([{ ...closed, id: 99, device: { id: 1, displayName: 'Ventunesimo' } }], 21),
        );
      return json(200, page(first, 21, 'next-1'));
    });
    const user = userEvent.setup();
    renderApp('/sos/history');
    expect(await screen.findByText('Primo 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /pagina successiva/i }));
    expect(await screen.findByText('Ventunesimo')).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('GET /api/sos/history?limit=20&cursor=next-1');
    await user.click(screen.getByRole('combobox', { name: 'Esito' }));
    await user.click(await screen.findByRole('option', { name: 'Falso allarme' }));
    expect(await screen.findByText('Primo 1')).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('GET /api/sos/history?outcome=FALSE_ALARM&limit=20');
  });

  it('exports the filtered history as a CSV download', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch((request) =>
      new URL(request.url).pathname === '/api/sos/history.csv'
        ? new Response('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : answer(page([closed]))(request),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderApp('/sos/history');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Esporta CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(await callsOf(spy)).toContain('GET /api/sos/history.csv');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^sos-history-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // "CSV per Excel": ";", local times, the console's language (docs/alarm-handling.md "Exports").
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV per Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(await callsOf(spy)).toContain('GET /api/sos/history.csv?format=excel&lang=it');
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toMatch(
      /^sos-history-\d{4}-\d{2}-\d{2}-excel\.csv$/,
    );
  });
});

describe('HistoryPage, device filter', () => {
  it('lists every device, the deleted ones and those registered since the list loaded included', async () => {
    storeSession('SUPER_ADMIN');
    const live = {
      id: 4,
      displayName: 'Portineria',
      serial: 's4',
      lastSos: null,
      dateCreated: closed.dateCreated,
      lastSeenAt: null,
      online: null,
      batteryPct: null,
    };
    stubFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/device/getAll') return json(200, [live]);
      if (pathname === '/api/device/deleted')
        return json(200, [
          {
            ...live,
            id: 7,
            displayName: 'Vecchio ciondolo',
            serial: 's7',
            deletedAt: closed.dateClosed,
          },
        ]);
      return json(200, page([]));
    });
    const user = userEvent.setup();
    renderApp('/sos/history');
    await screen.findByRole('heading', { name: 'Storico' });
    await user.click(screen.getByRole('combobox', { name: 'Dispositivo' }));
    expect(await screen.findByRole('option', { name: 'Vecchio ciondolo' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Portineria' })).toBeInTheDocument();
  }, 30_000);

  it("lists them in the contract's name order: numbers by value, no case, deleted ones among them", async () => {
    storeSession('SUPER_ADMIN');
    const device = (id: number, displayName: string) => ({
      id,
      displayName,
      serial: `s${id}`,
      lastSos: null,
      dateCreated: closed.dateCreated,
      lastSeenAt: null,
      online: null,
      batteryPct: null,
    });
    stubFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/device/getAll')
        return json(200, [device(1, 'Bravo 10'), device(2, 'bravo 2'), device(3, 'Alfa')]);
      if (pathname === '/api/device/deleted')
        return json(200, [{ ...device(4, 'Bravo 9'), deletedAt: closed.dateClosed }]);
      return json(200, page([]));
    });
    const user = userEvent.setup();
    renderApp('/sos/history');
    await screen.findByRole('heading', { name: 'Storico' });
    await user.click(screen.getByRole('combobox', { name: 'Dispositivo' }));
    await screen.findByRole('option', { name: 'Bravo 9' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Tutti',
      'Alfa',
      'bravo 2',
      'Bravo 9',
      'Bravo 10',
    ]);
  }, 30_000);
});
