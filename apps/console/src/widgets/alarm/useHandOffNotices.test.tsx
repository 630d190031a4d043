import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { deviceApi } from '../../entities/devices/deviceEndpoints.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import { selectSnackbar } from '../../store/snackbarSlice.js';
import { useHandOffNotices } from './useHandOffNotices.js';

function Probe() {
  useHandOffNotices();
  return null;
}

const mine = {
  ...sos(5, 'Casa Rossi', '2025-03-01T10:00:00Z', 50),
  acknowledgedAt: '2025-03-01T10:01:00Z',
  acknowledgedBy: { id: 1, username: 'admin' },
};

async function holding() {
  stubFetch((call) =>
    call.url.pathname === '/api/device/getAll' ? json([device(5, 'Casa Rossi', mine)]) : undefined,
  );
  const store = signedInStore();
  renderWithStore(store, <Probe />);
  void store.dispatch(deviceApi.endpoints.getDevices.initiate());
  await waitFor(() => expect(selectDeviceById(store.getState(), 5)?.lastSos?.id).toBe(50));
  return store;
}

describe('hand-offs are said (docs/alarm-handling.md)', () => {
  it('a colleague closing the SOS I hold: "SOS di {device} chiuso da {username}"', async () => {
    const store = await holding();
    const closed = {
      ...mine,
      state: 'CLOSED' as const,
      dateClosed: '2025-03-01T10:05:00Z',
      closedBy: { id: 2, username: 'maria' },
    };
    act(() => void store.dispatch(liveEventReceived({ name: 'new-sos-closed', data: closed })));
    expect(selectSnackbar(store.getState())).toMatchObject({
      open: true,
      messageId: 'alarm.closedByColleague',
      values: { device: 'Casa Rossi', username: 'maria' },
    });
  });

  it('a colleague taking it over says so; my own close says nothing', async () => {
    const store = await holding();
    const taken = { ...mine, acknowledgedBy: { id: 2, username: 'maria' } };
    act(() => void store.dispatch(liveEventReceived({ name: 'sos-acknowledged', data: taken })));
    expect(selectSnackbar(store.getState())).toMatchObject({
      messageId: 'alarm.takenByColleague',
      values: { username: 'maria' },
    });
    const other = await holding();
    const closedByMe = {
      ...mine,
      state: 'CLOSED' as const,
      closedBy: { id: 1, username: 'admin' },
    };
    act(() => void other.dispatch(liveEventReceived({ name: 'new-sos-closed', data: closedByMe })));
    expect(selectSnackbar(other.getState()).open).toBe(false);
  });
});
