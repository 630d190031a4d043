import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALARM_CONF_DEFAULTS } from '@sos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { AlarmConfForm } from './AlarmConfForm.js';

afterEach(() => vi.unstubAllGlobals());

// docs/alarm-handling.md: the timings and the close policy, saved together.
describe('AlarmConfForm', () => {
  it('shows the close policy with the spec defaults, and saves an outcome-required, URGENT policy', async () => {
    const calls = stubFetch((call) =>
      call.method === 'POST'
        ? json({ ...JSON.parse(call.body) })
        : json({ ...ALARM_CONF_DEFAULTS }),
    );
    renderWithStore(signedInStore('SUPER_ADMIN'), <AlarmConfForm />);
    const toggle = await screen.findByRole('switch', { name: 'Esito obbligatorio alla chiusura' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salva' })).toBeEnabled());
    expect(toggle).not.toBeChecked();
    const order = screen.getByRole('combobox', { name: 'Ordine della dashboard' });
    expect(order).toHaveTextContent('Più recenti prima');
    expect(screen.getByText('Gli SOS aperti dal più recente')).toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.click(order);
    await userEvent.click(screen.getByRole('option', { name: 'Più urgenti prima' }));
    expect(
      screen.getByText('Prima i non presi in carico, poi per gravità, poi i più vecchi'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(calls.find((c) => c.method === 'POST')!.body);
    expect(sent).toEqual({
      ackTargetSeconds: 60,
      offlineAfterSeconds: 300,
      requireOutcome: true,
      dashboardOrder: 'URGENT',
    });
  }, 30_000);
});
