import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { ProfileFormDialog } from './ProfileFormDialog.js';

const empty = { residentName: null, address: null, phone: null, notes: null, contacts: [] };

async function open() {
  const calls = stubFetch((call) =>
    call.url.pathname === '/api/device/profile' ? json(empty) : undefined,
  );
  renderWithStore(
    signedInStore('SUPER_ADMIN'),
    <ProfileFormDialog deviceId={4} deviceName="Portineria" onClose={() => {}} />,
  );
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('textbox', { name: 'Note' });
  return { calls, dialog };
}

/** Text an operator reads cannot lie (docs/hardening.md): the profile form applies the contract's rule. */
describe('ProfileFormDialog, text an operator reads', () => {
  it.each([
    ['Nome', 'Anna\u202E', /^Il testo non può contenere caratteri di controllo/],
    ['Note', '\u200B\u180E', /^Il testo deve contenere almeno un carattere visibile$/],
  ])('refuses %s = %j on the field, and does not save', async (label, text, message) => {
    const { calls, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('textbox', { name: label }));
    await userEvent.paste(text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves Arabic notes with a right-to-left mark', async () => {
    const { calls, dialog } = await open();
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Note' }));
    await userEvent.paste('يحتاج\u200F مساعدة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  });
});
