import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import { device, json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { CONTACTS_POLL_MS, useLiveContacts } from './useLiveContacts.js';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe({ ids }: { ids: number[] }) {
  useLiveContacts(ids);
  return null;
}

describe('"Ultimo contatto" of the cards on screen', () => {
  it('asks every 30 s for the shown devices and stores their health', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = '2025-03-01T10:05:00.000Z';
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/device/contacts'
        ? json([{ id: 2, lastSeenAt: seen, online: true, batteryPct: 55 }])
        : undefined,
    );
    const store = signedInStore('EMPLOYEE');
    act(() => {
      store.dispatch(liveEventReceived({ name: 'device-registered', data: device(2, 'Cucina') }));
      store.dispatch(liveEventReceived({ name: 'device-registered', data: device(9, 'Sala') }));
    });
    renderWithStore(store, <Probe ids={[9, 2]} />);
    const polls = () => calls.filter((c) => c.url.pathname === '/api/device/contacts');
    expect(polls()).toHaveLength(0);
    act(() => void vi.advanceTimersByTime(CONTACTS_POLL_MS));
    await waitFor(() => expect(polls()).toHaveLength(1));
    expect(polls()[0]?.url.searchParams.get('ids')).toBe('2,9');
    await waitFor(() =>
      expect(selectDeviceById(store.getState(), 2)).toMatchObject({
        lastSeenAt: seen,
        online: true,
        batteryPct: 55,
      }),
    );
    expect(selectDeviceById(store.getState(), 9)?.lastSeenAt).toBeNull();
    act(() => void vi.advanceTimersByTime(CONTACTS_POLL_MS));
    await waitFor(() => expect(polls()).toHaveLength(2));
  });

  it('does not ask while the page is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => json([]));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    renderWithStore(signedInStore('EMPLOYEE'), <Probe ids={[1]} />);
    act(() => void vi.advanceTimersByTime(CONTACTS_POLL_MS * 2));
    expect(calls.filter((c) => c.url.pathname === '/api/device/contacts')).toHaveLength(0);
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
  });
});
