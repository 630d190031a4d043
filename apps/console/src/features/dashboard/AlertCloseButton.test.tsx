import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Sos } from '@sos/contract';
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

/** An SOS in charge of `id` (the signed-in test user is id 1, "admin"). */
const inChargeOf = (id: number, username: string): Sos => ({
  ...sos(4, 'Reception', '2025-03-01T10:00:00Z', 44),
  acknowledgedBy: { id, username },
  acknowledgedAt: '2025-03-01T10:01:00Z',
});

function setup(handled: Sos) {
  const calls = stubFetch((call) =>
    call.url.pathname === '/api/sos/close' ? new Response(null, { status: 204 }) : json([]),
  );
  renderWithStore(
    signedInStore('EMPLOYEE'),
    <AlertCard device={device(4, 'Reception', handled)} sos={handled} />,
  );
  const closes = () => calls.filter((c) => c.url.pathname === '/api/sos/close');
  return { closes };
}

describe('closing from the card an SOS a colleague has in charge', () => {
  it("asks first: 'Annulla' closes nothing, 'Chiudi SOS' closes it", async () => {
    const { closes } = setup(inChargeOf(2, 'maria'));
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('In carico a maria: chiudere comunque?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Chiudi SOS' }),
    );
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(closes()[0]?.url.searchParams.get('sosId')).toBe('44');
  });

  it('closes with one click an SOS in the user’s own charge', async () => {
    const { closes } = setup(inChargeOf(1, 'admin'));
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Reception' }));
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
