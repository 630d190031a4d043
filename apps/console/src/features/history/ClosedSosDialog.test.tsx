import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const closed = {
  id: 3,
  state: 'CLOSED',
  dateCreated: '2025-03-07T08:00:00.000Z',
  lastUpdated: '2025-03-08T11:03:09.000Z',
  dateClosed: '2025-03-08T11:03:09.000Z',
  closedBy: { id: 1, username: 'admin' },
  acknowledgedAt: '2025-03-07T08:01:00.000Z',
  acknowledgedBy: { id: 2, username: 'maria' },
  escalatedAt: null,
  outcome: 'NO_RESPONSE',
  kind: 'FALL',
  source: { protocol: 'SCAIP', code: '0005/0010', detail: null },
  note: null,
  location: null,
  device: { id: 4, displayName: 'Portineria' },
};

const timeline = [
  { at: closed.dateCreated, type: 'RAISED', by: null, text: null },
  {
    at: '2025-03-07T08:02:00.000Z',
    type: 'NOTE',
    by: { id: 2, username: 'maria' },
    text: 'Chiamata la figlia',
  },
  { at: closed.lastUpdated, type: 'CLOSED', by: { id: 1, username: 'admin' }, text: 'NO_RESPONSE' },
];

function answer(request: Request) {
  const { pathname } = new URL(request.url);
  if (pathname === '/api/sos/history')
    return json(200, { items: [closed], total: 1, nextCursor: null });
  if (pathname === '/api/sos/timeline') return json(200, timeline);
  if (pathname === '/api/device/profile')
    return json(200, {
      residentName: 'Anna Bianchi',
      address: null,
      phone: null,
      notes: null,
      contacts: [],
    });
  return json(200, []);
}

describe('a history row', () => {
  beforeAll(async () => {
    await import('./HistoryPage.js');
  }, 60_000);

  it('opens the closed SOS read only: device, timeline with its notes, outcome; no action', async () => {
    storeSession('SUPER_ADMIN');
    stubFetch(answer);
    renderApp('/sos/history');
    await userEvent.click(await screen.findByText('Portineria', undefined, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Dettaglio')).toBeInTheDocument();
    expect(await within(dialog).findByText(/Chiamata la figlia/)).toBeInTheDocument();
    expect(await within(dialog).findByText(/Anna Bianchi/)).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Nessuna risposta/).length).toBeGreaterThan(0);
    expect(within(dialog).getByTestId('sos-detail-kind')).toHaveTextContent('Tipo: Caduta');
    expect(within(dialog).getByTestId('sos-detail-source')).toHaveTextContent(/^Origine: SCAIP/);
    expect(
      within(dialog).queryByRole('button', { name: /Chiudi SOS|Aggiungi nota|Prendi in carico/ }),
    ).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Indietro' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);
});
