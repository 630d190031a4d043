import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { closedSosAnswer } from '../../test/closedSos.js';
import { json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const answer = (request: Request) => closedSosAnswer(request) ?? json(200, []);

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
