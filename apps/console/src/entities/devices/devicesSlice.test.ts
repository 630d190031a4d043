import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../store/store.js';
import { liveEventReceived, type LiveEvent } from '../live/liveEvents.js';
import { deviceApi } from './deviceEndpoints.js';
import { selectDeviceById, selectOrder } from './devicesSlice.js';
import { selectOpenCount } from '../sos/alarmSelectors.js';
import { device, json, signedInStore, sos, stubFetch } from '../../test/testKit.js';

const names = (store: AppStore) =>
  selectOrder(store.getState()).map((id) => selectDeviceById(store.getState(), id)?.displayName);

async function loadedStore(
  devices = [device(1, 'Bravo'), device(2, 'Alfa'), device(3, 'Charlie')],
) {
  stubFetch(() => json(devices));
  const store = signedInStore();
  await store.dispatch(deviceApi.endpoints.getDevices.initiate());
  return store;
}

const send = (store: AppStore, event: LiveEvent) => store.dispatch(liveEventReceived(event));

afterEach(() => vi.restoreAllMocks());

describe('device order under live events', () => {
  it('lists quiet devices by name', async () => {
    const store = await loadedStore();
    expect(names(store)).toEqual(['Alfa', 'Bravo', 'Charlie']);
    expect(selectOpenCount(store.getState())).toBe(0);
  });

  it('moves a device with a new SOS first, and back among the quiet ones when it closes', async () => {
    const store = await loadedStore();
    const alert = sos(3, 'Charlie', '2025-03-01T10:00:00Z');
    send(store, { name: 'new-sos', data: alert });
    expect(names(store)).toEqual(['Charlie', 'Alfa', 'Bravo']);
    expect(selectOpenCount(store.getState())).toBe(1);

    send(store, { name: 'new-sos-closed', data: { ...alert, state: 'CLOSED' } });
    expect(names(store)).toEqual(['Alfa', 'Bravo', 'Charlie']);
    expect(selectDeviceById(store.getState(), 3)?.lastSos).toBeNull();
    expect(selectOpenCount(store.getState())).toBe(0);
  });

  it('puts the newest SOS first', async () => {
    const store = await loadedStore();
    send(store, { name: 'new-sos', data: sos(1, 'Bravo', '2025-03-01T10:00:00Z') });
    send(store, { name: 'new-sos', data: sos(3, 'Charlie', '2025-03-01T10:05:00Z') });
    expect(names(store)).toEqual(['Charlie', 'Bravo', 'Alfa']);
    // Times with another offset are compared as instants: 11:10+02:00 is 09:10Z, the oldest.
    send(store, { name: 'new-sos', data: sos(2, 'Alfa', '2025-03-01T11:10:00+02:00') });
    expect(names(store)).toEqual(['Charlie', 'Bravo', 'Alfa']);
  });

  it('ignores the closure of another SOS than the device has open', async () => {
    const store = await loadedStore();
    const open = sos(1, 'Bravo', '2025-03-01T10:00:00Z');
    send(store, { name: 'new-sos', data: open });
    send(store, {
      name: 'new-sos-closed',
      data: { ...sos(1, 'Bravo', '2025-02-01T10:00:00Z'), state: 'CLOSED' },
    });
    expect(selectDeviceById(store.getState(), 1)?.lastSos?.id).toBe(open.id);
    expect(names(store)[0]).toBe('Bravo');
  });

  it('removes a deleted device, adds a registered one and re-sorts a renamed one', async () => {
    const store = await loadedStore();
    send(store, { name: 'device-deleted', data: { id: 2 } });
    expect(names(store)).toEqual(['Bravo', 'Charlie']);
    send(store, { name: 'device-registered', data: device(4, 'Alba') });
    expect(names(store)).toEqual(['Alba', 'Bravo', 'Charlie']);
    send(store, { name: 'device-renamed', data: device(3, 'Aaron') });
    expect(names(store)).toEqual(['Aaron', 'Alba', 'Bravo']);
    expect(selectDeviceById(store.getState(), 3)?.displayName).toBe('Aaron');
  });

  it('applies events that arrive while the list is loading on top of the loaded list', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const store = signedInStore();
    const loading = store.dispatch(deviceApi.endpoints.getDevices.initiate());
    await Promise.resolve();
    // The snapshot on its way was taken before this SOS and this deletion.
    send(store, { name: 'new-sos', data: sos(2, 'Alfa', '2025-03-01T10:00:00Z') });
    send(store, { name: 'device-deleted', data: { id: 3 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer(json([device(1, 'Bravo'), device(2, 'Alfa'), device(3, 'Charlie')]));
    await loading;
    expect(names(store)).toEqual(['Alfa', 'Bravo']);
    expect(selectDeviceById(store.getState(), 2)?.lastSos?.state).toBe('OPEN');
  });
});

describe('closing an SOS', () => {
  async function closeWith(response: Response) {
    const open = sos(1, 'Bravo', '2025-03-01T10:00:00Z', 41);
    stubFetch((call) =>
      call.url.pathname === '/api/sos/close'
        ? response
        : json([device(1, 'Bravo', open), device(2, 'Alfa')]),
    );
    const store = signedInStore();
    await store.dispatch(deviceApi.endpoints.getDevices.initiate());
    const closing = store.dispatch(
      deviceApi.endpoints.closeSos.initiate({ deviceId: 1, sosId: 41 }),
    );
    // Optimistic: the alert is gone before the server answers.
    expect(selectDeviceById(store.getState(), 1)?.lastSos).toBeNull();
    await closing;
    return store;
  }

  it('puts the alert back when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = await closeWith(json({ code: 'INTERNAL_ERROR' }, 500));
    expect(selectDeviceById(store.getState(), 1)?.lastSos?.id).toBe(41);
    expect(names(store)).toEqual(['Bravo', 'Alfa']);
    expect(store.getState().snackbar.messageId).toBe('error.unexpected');
  });

  it('keeps it closed when someone else closed it first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = await closeWith(json({ code: 'SOS_NOT_OPEN' }, 409));
    expect(selectDeviceById(store.getState(), 1)?.lastSos).toBeNull();
  });
});
