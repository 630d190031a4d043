import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsOf, json, notFound, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';
import { device } from '../../test/testKit.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));

const deleted = { ...device(5, 'Pulsante cucina'), deletedAt: '2025-01-01T08:30:00.000Z' };

describe('DeletedDevicesPage (/devices/deleted)', () => {
  it('lists the deleted devices and restores one with "Ripristina"', async () => {
    let restored = false;
    const spy = stubFetch((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/device/deleted') return json(200, restored ? [] : [deleted]);
      if (pathname === '/api/device/restore')
        return ((restored = true), json(200, device(5, 'Pulsante cucina')));
      return notFound(request);
    });
    storeSession('SUPER_ADMIN');
    renderApp('/devices/deleted');
    // The page is a lazy chunk: its first render compiles it.
    expect(
      await screen.findByRole('heading', { name: 'Dispositivi eliminati' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ripristina' }));
    expect(await screen.findByText('Nessun dispositivo eliminato')).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('POST /api/device/restore?id=5');
  });

  it('is for super administrators only', async () => {
    stubFetch(notFound);
    storeSession('EMPLOYEE');
    const { router } = renderApp('/devices/deleted');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/devices/deleted'));
  });
});
