import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceApi } from '../../entities/devices/deviceEndpoints.js';
import { callAdded, callRemoved } from '../../entities/voice/voiceSlice.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';
import { fakePhone, voiceCall } from '../../test/voiceKit.js';
import { IncomingCallBanner } from './IncomingCallBanner.js';
import { PhoneContext } from './phone.js';

afterEach(() => vi.restoreAllMocks());

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

async function ringing(call = voiceCall()) {
  const calls = stubFetch((request) => {
    if (request.url.pathname === '/api/device/getAll')
      return json([device(4, 'Casa Rossi', sos(4, 'Casa Rossi', '2025-03-01T10:00:00Z', 41))]);
    if (request.url.pathname === '/api/sos/ack')
      return json(sos(4, 'Casa Rossi', '2025-03-01T10:00:00Z', 41));
    return undefined;
  });
  const store = signedInStore('EMPLOYEE');
  await store.dispatch(deviceApi.endpoints.getDevices.initiate());
  const phone = fakePhone();
  store.dispatch(callAdded(call));
  renderWithStore(
    store,
    <MemoryRouter initialEntries={['/users']}>
      <PhoneContext.Provider value={phone}>
        <IncomingCallBanner />
        <Where />
      </PhoneContext.Provider>
    </MemoryRouter>,
  );
  return { store, phone, calls };
}

describe('inbound call banner', () => {
  it('names the device that calls, and "Rispondi" answers, takes charge and opens its detail', async () => {
    const { phone, calls } = await ringing();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Chiamata dal dispositivo Casa Rossi');
    await userEvent.click(screen.getByRole('button', { name: 'Rispondi' }));
    expect(phone.answer).toHaveBeenCalledWith('call-1');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/sos/ack')).toBe(
        true,
      ),
    );
    const ack = calls.find((c) => c.url.pathname === '/api/sos/ack')!;
    expect(ack.url.searchParams.get('sosId')).toBe('41');
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/sos?device=4');
  });

  it('names the number when no device matched, and "Rifiuta" declines', async () => {
    const { phone, calls } = await ringing(
      voiceCall({ deviceId: null, deviceName: null, sosId: null, unit: false }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Chiamata da +390611112222');
    await userEvent.click(screen.getByRole('button', { name: 'Rifiuta' }));
    expect(phone.reject).toHaveBeenCalledWith('call-1');
    expect(calls.filter((c) => c.url.pathname === '/api/sos/ack')).toHaveLength(0);
  });

  it('goes when another operator answered first (the call was cancelled here)', async () => {
    const { store } = await ringing();
    await screen.findByRole('alert');
    act(() => void store.dispatch(callRemoved('call-1')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
