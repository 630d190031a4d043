import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceApi } from '../../entities/devices/deviceEndpoints.js';
import { languageChanged } from '../../i18n/languageSlice.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
} from '../../test/testKit.js';
import { PromptBanner } from './PromptBanner.js';

const OPENED_AT = '2025-03-01T10:00:00Z';

describe('PromptBanner ("SOS da gestire: {n}")', () => {
  it('counts the open SOS in Arabic-Indic digits in Arabic', async () => {
    stubFetch((request) =>
      request.url.pathname === '/api/device/getAll'
        ? json(
            Array.from({ length: 12 }, (_, i) =>
              device(i + 1, `Casa ${i + 1}`, sos(i + 1, `Casa ${i + 1}`, OPENED_AT)),
            ),
          )
        : undefined,
    );
    const store = signedInStore('EMPLOYEE');
    await store.dispatch(deviceApi.endpoints.getDevices.initiate());
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <PromptBanner />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const banner = await screen.findByTestId('prompt-banner');
    await waitFor(() => expect(banner).toHaveTextContent('نداءات استغاثة بانتظار المعالجة: ١٢'));
    expect(banner.textContent).not.toMatch(/[0-9]/);
  });
});
