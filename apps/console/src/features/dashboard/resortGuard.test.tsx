import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import DashboardPage from './DashboardPage.js';
import { HOLD_MS } from './resortGuard.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const names = () =>
  screen.getAllByRole('listitem').map((item) => within(item).getByRole('heading').textContent);
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('cards do not re-sort under the pointer', () => {
  it('holds the order for a second after a press, then ignores a press on a card that moved', async () => {
    const older = sos(1, 'Alfa', '2025-03-01T10:00:00Z', 11);
    const newer = sos(2, 'Bravo', '2025-03-01T10:05:00Z', 12);
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/device/getAll')
        return json([device(1, 'Alfa', older), device(2, 'Bravo', newer), device(3, 'Charlie')]);
      if (call.url.pathname === '/api/sos/close') return new Response(null, { status: 204 });
      if (call.url.pathname === '/api/sos/realTime') return new Promise<Response>(() => {});
      return undefined;
    });
    const store = signedInStore('EMPLOYEE');
    renderWithStore(store, <DashboardPage />);
    await userEvent.click(document.body);
    await waitFor(() => expect(names()).toEqual(['Bravo', 'Alfa', 'Charlie']));

    // A press on the grid, then a newer SOS that would put Charlie first.
    await userEvent.click(screen.getByText('SN-3'));
    act(() => {
      store.dispatch(
        liveEventReceived({ name: 'new-sos', data: sos(3, 'Charlie', '2025-03-01T10:09:00Z') }),
      );
    });
    expect(names()).toEqual(['Bravo', 'Alfa', 'Charlie']);
    await waitFor(() => expect(names()).toEqual(['Charlie', 'Bravo', 'Alfa']), {
      timeout: HOLD_MS + 500,
    });

    // Alfa's button just moved: it is shown disabled, a press on it does nothing...
    const closes = () => calls.filter((c) => c.url.pathname === '/api/sos/close');
    expect(screen.getByRole('button', { name: 'Chiudi SOS di Alfa' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Alfa' }));
    expect(closes()).toHaveLength(0);
    // ...and works once it has stood still for a second.
    await wait(HOLD_MS + 100);
    expect(screen.getByRole('button', { name: 'Chiudi SOS di Alfa' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi SOS di Alfa' }));
    await waitFor(() => expect(closes()).toHaveLength(1));
    expect(closes()[0]?.url.searchParams.get('sosId')).toBe('11');
  }, 20_000);
});
