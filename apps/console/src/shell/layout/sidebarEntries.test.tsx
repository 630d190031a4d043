import SosOutlined from '@mui/icons-material/SosOutlined';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSidebar } from '../../test/sidebar.js';
import { entriesForRole, SIDEBAR_ENTRIES, type SidebarEntry } from './sidebarEntries.js';

describe('entriesForRole', () => {
  it('gives both roles SOS and only SUPER_ADMIN the rest', () => {
    expect(entriesForRole(SIDEBAR_ENTRIES, 'EMPLOYEE').map((e) => e.path)).toEqual(['/sos']);
    expect(entriesForRole(SIDEBAR_ENTRIES, 'SUPER_ADMIN').map((e) => e.path)).toEqual([
      '/sos',
      '/users',
      '/sos/history',
      '/sos/stats',
      '/audit',
      '/settings',
    ]);
    expect(entriesForRole(SIDEBAR_ENTRIES, null)).toEqual([]);
  });

  it('filters nested entries too', () => {
    const group: SidebarEntry = {
      label: 'nav.users',
      icon: SosOutlined,
      roles: ['SUPER_ADMIN', 'EMPLOYEE'],
      children: [
        { label: 'nav.sos', icon: SosOutlined, path: '/sos', roles: ['EMPLOYEE'] },
        { label: 'nav.settings', icon: SosOutlined, path: '/settings', roles: ['SUPER_ADMIN'] },
      ],
    };
    const [filtered] = entriesForRole([group], 'EMPLOYEE');
    expect(filtered?.children?.map((e) => e.path)).toEqual(['/sos']);
  });
});

describe('nested sidebar entries', { timeout: 30_000 }, () => {
  it('expand and collapse', async () => {
    renderSidebar([
      {
        label: 'nav.users',
        icon: SosOutlined,
        roles: ['SUPER_ADMIN'],
        children: [
          { label: 'nav.history', icon: SosOutlined, path: '/sos/history', roles: ['SUPER_ADMIN'] },
        ],
      },
    ]);
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation');
    const group = within(nav).getByRole('button', { name: 'Gestione utenti' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('button', { name: 'Storico' })).not.toBeInTheDocument();
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'Storico' })).toBeInTheDocument();
  });
});
