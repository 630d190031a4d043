import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';
import { device, sos } from '../../test/testKit.js';

vi.mock('../../features/dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));

const open = (id: number, name: string) =>
  device(id, name, sos(id, name, '2025-03-01T10:00:00Z', 100 + id));

function server(devices: unknown[]) {
  return stubFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/device/getAll') return json(200, devices);
    if (path === '/api/employee') return json(200, []);
    // The live stream: connected, silent.
    if (path === '/api/sos/realTime') return new Promise<Response>(() => {});
    return json(404, { code: 'NOT_FOUND' });
  });
}

describe('the banner off the dashboard (docs/alarm-handling.md)', () => {
  beforeEach(() => {
    // jsdom plays no media: the first click unlocks the alarm, which then rings.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts the open SOS nobody has taken charge of, as a link to the dashboard', async () => {
    storeSession('SUPER_ADMIN');
    server([open(1, 'Portineria'), open(2, 'Cucina'), device(3, 'Magazzino')]);
    const { router } = renderApp('/users');
    const link = await screen.findByRole('link', { name: 'SOS da gestire: 2' });
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/sos');
    // On the dashboard the cards say it: no banner.
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/SOS da gestire/)).not.toBeInTheDocument();
  });

  it('is absent with no open SOS, and the layout opens one live connection', async () => {
    storeSession('SUPER_ADMIN');
    const spy = server([device(3, 'Magazzino')]);
    renderApp('/users');
    await waitFor(async () =>
      expect(await callsOf(spy)).toEqual(
        expect.arrayContaining(['GET /api/device/getAll', 'GET /api/sos/realTime']),
      ),
    );
    expect((await callsOf(spy)).filter((c) => c === 'GET /api/sos/realTime')).toHaveLength(1);
    expect(screen.queryByText(/SOS da gestire/)).not.toBeInTheDocument();
  });
});
