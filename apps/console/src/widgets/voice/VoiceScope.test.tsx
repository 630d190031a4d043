import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { fakePhone } from '../../test/voiceKit.js';
import { usePhone } from './phone.js';
import { VoiceScope, type StartPhone } from './VoiceScope.js';

afterEach(() => vi.restoreAllMocks());

const credentials = {
  domain: 'voice.example',
  username: '1767225600:op-1',
  password: 'c2VjcmV0',
  expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString(),
  wsPath: '/voice/ws',
};

function PhoneState() {
  return <output aria-label="phone">{usePhone() ? 'on' : 'off'}</output>;
}

function mount(answer: Response) {
  const calls = stubFetch((call) =>
    call.url.pathname === '/api/voice/credentials' ? answer : undefined,
  );
  const phone = fakePhone();
  const start = vi.fn<StartPhone>(() => phone);
  const load = vi.fn(() => Promise.resolve(start));
  const view = renderWithStore(
    signedInStore('EMPLOYEE'),
    <VoiceScope load={load}>
      <PhoneState />
    </VoiceScope>,
  );
  return { calls, phone, start, load, view };
}

describe('the softphone owner', () => {
  it('with voice off asks once, loads no SIP code and shows nothing', async () => {
    const { calls, load } = mount(json({ statusCode: 404, code: 'VOICE_DISABLED' }, 404));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe('/api/voice/credentials');
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'phone' })).toHaveTextContent('off');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with voice on starts the phone with the credentials, and stops it when signed out', async () => {
    const { start, phone, view } = mount(json(credentials));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'phone' })).toHaveTextContent('on'),
    );
    expect(start).toHaveBeenCalledOnce();
    expect(start.mock.calls[0]![0]).toEqual(credentials);
    view.unmount();
    expect(phone.stop).toHaveBeenCalledOnce();
  });
});
