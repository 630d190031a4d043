import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders.js';
import { createStore } from '../store/store.js';
import { storeSession } from './session.js';
import { Sidebar } from '../shell/layout/Sidebar.js';
import type { SidebarEntry } from '../shell/layout/sidebarEntries.js';

/** Test helper: an open persistent sidebar with the given entries, for a SUPER_ADMIN. */
export function renderSidebar(entries: readonly SidebarEntry[]) {
  storeSession('SUPER_ADMIN');
  return render(
    <AppProviders store={createStore()}>
      <MemoryRouter initialEntries={['/sos']}>
        <Sidebar variant="persistent" open onClose={() => undefined} entries={entries} />
      </MemoryRouter>
    </AppProviders>,
  );
}
