import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
  frames: 0,
  refused: 0,
  lastFrameAt: null,
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
});
