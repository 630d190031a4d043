import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { PlainCard } from './PlainCard.js';
import { device, renderWithStore, signedInStore } from '../../test/testKit.js';

describe('PlainCard', () => {
  it('shows the serial left to right inside an Arabic page', async () => {
    const store = signedInStore();
    store.dispatch(languageChanged('ar'));
    renderWithStore(
      store,
      <PlainCard device={{ ...device(7, 'Ingresso'), serial: '_PENDANT-7' }} />,
    );
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const serial = await screen.findByText('_PENDANT-7');
    expect(serial.closest('[dir="ltr"]')).not.toBeNull();
  });
});
