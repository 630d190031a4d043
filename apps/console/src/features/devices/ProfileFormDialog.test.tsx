import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { device, json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { ProfileFormDialog } from './ProfileFormDialog.js';

const EMPTY = { residentName: null, address: null, phone: null, notes: null, contacts: [] };

async function open() {
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/device/profile' && call.method === 'GET') return json(EMPTY);
    if (call.url.pathname === '/api/device/profile')
      return json({ ...EMPTY, residentName: 'Anna' });
    if (call.url.pathname === '/api/device/rename') return json(device(5, 'Casa Bianchi'));
    return undefined;
  });
  const onClose = vi.fn();
  renderWithStore(
    signedInStore(),
    <ProfileFormDialog deviceId={5} deviceName="DC-09 12AB" onClose={onClose} />,
  );
  const name = await screen.findByLabelText('Nome dispositivo');
  return { calls, onClose, name };
}

describe('ProfileFormDialog: "Nome dispositivo"', () => {
  it('renames the device, then saves the profile', async () => {
    const { calls, onClose, name } = await open();
    expect(name).toHaveValue('DC-09 12AB');
    await userEvent.clear(name);
    await userEvent.type(name, 'Casa Bianchi');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = calls
      .filter((c) => c.method !== 'GET')
      .map((c) => `${c.method} ${c.url.pathname}${c.url.search}`);
    expect(writes).toEqual(['PATCH /api/device/rename?id=5', 'PUT /api/device/profile?id=5']);
  });

  it('leaves the name alone when unchanged, and refuses an empty one', async () => {
    const { calls, onClose, name } = await open();
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Campo obbligatorio')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.type(name, 'DC-09 12AB');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.url.pathname)).toEqual([
      '/api/device/profile',
    ]);
  });
});
