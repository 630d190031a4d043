import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));

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
  device: { id: 4, displayName: 'Portineria' },
};

describe('HistoryPage', () => {
  it('lists the closed SOS with dates, duration, device and who closed it', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch(() => json(200, [closed]));
    renderApp('/sos/history');
    expect(await screen.findByRole('heading', { name: 'Storico' })).toBeInTheDocument();
    const row = (await screen.findByText('Portineria')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Chiuso')).toBeInTheDocument();
    expect(within(row).getByText('07/03/2025 09:00:00')).toBeInTheDocument();
    expect(within(row).getByText('08/03/2025 12:03:09')).toBeInTheDocument();
    expect(within(row).getByText('27:03:09')).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Stato',
      'Data di apertura',
      'Data di chiusura',
      'Durata',
      'Dispositivo',
      'Chiuso da',
    ]);
    expect(await callsOf(spy)).toEqual(['GET /api/sos/getAll']);
  });

  it('shows 20 rows per page', async () => {
    storeSession('SUPER_ADMIN');
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...closed,
      id: i + 1,
      device: { id: i + 1, displayName: `Dispositivo ${i + 1}` },
    }));
    stubFetch(() => json(200, many));
    renderApp('/sos/history');
    expect(await screen.findByText('Dispositivo 1')).toBeInTheDocument();
    expect(screen.getByText('Dispositivo 20')).toBeInTheDocument();
    expect(screen.queryByText('Dispositivo 21')).not.toBeInTheDocument();
    expect(screen.getByText(/1–20 di 25/)).toBeInTheDocument();
  });

  it('says "Errore inaspettato!" when the history cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession('SUPER_ADMIN');
    stubFetch(() => json(500, { statusCode: 500, error: 'x', message: 'x', code: 'INTERNAL_ERROR' }));
    renderApp('/sos/history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Errore inaspettato!');
  });
});
