import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALARM_CONF_DEFAULTS, type AlarmConf } from '@sos/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';
import { AlertCard } from './AlertCard.js';

afterEach(() => vi.unstubAllGlobals());

function setup(conf: Partial<AlarmConf>) {
  const open = sos(4, 'Reception', '2025-03-01T10:00:00Z', 44);
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/conf/alarm') return json({ ...ALARM_CONF_DEFAULTS, ...conf });
    if (call.url.pathname === '/api/sos/close') return json({ ...open, state: 'CLOSED' });
    return json([]);
  });
  renderWithStore(
    signedInStore('EMPLOYEE'),
    <AlertCard device={device(4, 'Reception', open)} sos={open} />,
  );
  const closes = () => calls.filter((c) => c.url.pathname === '/api/sos/close');
  return { calls, closes };
}

// docs/alarm-handling.md "Close policy".
describe("the card's 'Chiudi SOS' with requireOutcome", () => {
  it("opens the close form, 'Esito' required: nothing is sent until an outcome is chosen", async () => {
    const { calls, closes } = setup({ requireOutcome: true });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/conf/alarm')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudi SOS: Reception' });
    expect(dialog).toHaveTextContent("Indica l'esito per chiudere");
    const send = within(dialog).getByRole('button', { name: 'Chiudi SOS' });
    expect(send).toBeDisabled();
    expect(closes()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Esito/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).not.toContain('Non indicato');
    await userEvent.click(screen.getByRole('option', { name: 'Falso allarme' }));
    await userEvent.click(send);
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(JSON.parse(closes()[0]!.body)).toMatchObject({ outcome: 'FALSE_ALARM' });
  }, 30_000);

  it("'Annulla' leaves the form without closing", async () => {
    const { calls, closes } = setup({ requireOutcome: true });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/conf/alarm')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudi SOS: Reception' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closes()).toHaveLength(0);
  }, 30_000);

  it('without it (the default) closes with one click', async () => {
    const { calls, closes } = setup({});
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/conf/alarm')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
