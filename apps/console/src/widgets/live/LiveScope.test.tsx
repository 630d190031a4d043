import { waitFor } from '@testing-library/react';
import { AppProviders } from '../../app/AppProviders.js';
import { SignedInIntl } from '../../i18n/SignedInIntl.js';
import { describe, expect, it, vi, afterEach } from 'vitest';
import { renderWithStore, signedInStore, stubFetch, json, device } from '../../test/testKit.js';
import { selectLiveStatus } from '../../store/liveSlice.js';
import { LiveScope } from './LiveScope.js';

afterEach(() => vi.restoreAllMocks());

/** The layout's scope around a screen's own scope, which comes and goes. */
function Layout({ inner }: { inner: boolean }) {
  return <LiveScope>{inner && <LiveScope>screen</LiveScope>}</LiveScope>;
}

describe('LiveScope', () => {
  it('opens one connection for nested scopes, kept when the inner one leaves', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/device/getAll') return json([device(1, 'Alfa')]);
      if (call.url.pathname === '/api/sos/realTime') return new Promise<Response>(() => {});
      return undefined;
    });
    const store = signedInStore();
    const view = renderWithStore(store, <Layout inner />);
    const streams = () => calls.filter((c) => c.url.pathname === '/api/sos/realTime');
    await waitFor(() => expect(streams()).toHaveLength(1));
    // The same tree as renderWithStore's, so React keeps the outer scope mounted.
    view.rerender(
      <AppProviders store={store}>
        <SignedInIntl>
          <Layout inner={false} />
        </SignedInIntl>
      </AppProviders>,
    );
    view.rerender(
      <AppProviders store={store}>
        <SignedInIntl>
          <Layout inner />
        </SignedInIntl>
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams()).toHaveLength(1);
    expect(selectLiveStatus(store.getState())).toBe('connecting');
    view.unmount();
    expect(selectLiveStatus(store.getState())).toBe('idle');
  });
});
