import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReceiversResponse } from '@sos/contract';
import { json, notFound, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('./AlarmConfForm.js', () => ({ AlarmConfForm: () => null }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

const entry = (protocol: 'DC09' | 'SCAIP', transport: 'tcp' | 'udp', port: number | null) => ({
  protocol,
  transport,
  port,
  listening: port !== null,
  encrypted: false,
  frames: 0,
  refused: 0,
  lastFrameAt: null as string | null,
});

function serve(receivers: ReceiversResponse) {
  return stubFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/conf/apiKey') return json(200, { apiKey: 'chiave-attuale' });
    if (path === '/api/conf/receivers') return json(200, receivers);
    return notFound(request);
  });
}

describe('Settings: Ricevitori', () => {
  // The page's chunk loads once, before the first test's clock starts.
  beforeAll(async () => {
    await import('./SettingsPage.js');
  }, 60_000);

  it('shows the DC-09 port it listens on and SCAIP off', async () => {
    serve([
      entry('DC09', 'tcp', 12000),
      entry('DC09', 'udp', 12000),
      entry('SCAIP', 'tcp', null),
      entry('SCAIP', 'udp', null),
    ]);
    storeSession('SUPER_ADMIN');
    renderApp('/settings');
    const block = await screen.findByRole('region', { name: 'Ricevitori' });
    const dc09 = within(block).getByTestId('receiver-DC09');
    expect(dc09).toHaveTextContent('SIA DC-09');
    expect(await within(dc09).findByText('In ascolto sulla porta 12000')).toBeInTheDocument();
    expect(within(block).getByTestId('receiver-SCAIP')).toHaveTextContent('SCAIPSpento');
  });

  it('shows both off when the server has no receiver configured', async () => {
    serve([
      entry('DC09', 'tcp', null),
      entry('DC09', 'udp', null),
      entry('SCAIP', 'tcp', null),
      entry('SCAIP', 'udp', null),
    ]);
    storeSession('SUPER_ADMIN');
    renderApp('/settings');
    const block = await screen.findByRole('region', { name: 'Ricevitori' });
    expect(await within(block).findAllByText('Spento')).toHaveLength(2);
    expect(within(block).queryByText(/In ascolto/)).not.toBeInTheDocument();
  });

  it('says whether only encrypted frames are taken, the last frame and how many were refused', async () => {
    const at = new Date(2026, 10, 28, 4, 30, 12).toISOString();
    serve([
      { ...entry('DC09', 'tcp', 12000), encrypted: true, frames: 7, refused: 2, lastFrameAt: at },
      { ...entry('DC09', 'udp', 12000), encrypted: true, frames: 3, refused: 1 },
      entry('SCAIP', 'tcp', 5060),
      entry('SCAIP', 'udp', 5060),
    ]);
    storeSession('SUPER_ADMIN');
    renderApp('/settings');
    const block = await screen.findByRole('region', { name: 'Ricevitori' });
    const dc09 = within(block).getByTestId('receiver-DC09');
    expect(await within(dc09).findByText('Solo messaggi cifrati (AES)')).toBeInTheDocument();
    expect(dc09).toHaveTextContent('Ultimo messaggio: 28/11/2026 04:30:12');
    expect(dc09).toHaveTextContent('Rifiutati: 3 su 10');
    const scaip = within(block).getByTestId('receiver-SCAIP');
    expect(scaip).toHaveTextContent('Messaggi in chiaro, senza cifratura');
    expect(scaip).toHaveTextContent("Nessun messaggio dall'avvio");
    expect(scaip).toHaveTextContent('Rifiutati: 0 su 0');
  });
});
