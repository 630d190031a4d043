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

  it('puts a Latin name on the starting side of an Arabic card, read left to right', async () => {
    const store = signedInStore();
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <PlainCard device={device(8, 'Casa Rossi')} />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const heading = screen.getByRole('heading', { name: 'Casa Rossi' });
    // The heading takes the page's direction, so 'start' is the right; dir="auto" on it made
    // a Latin name's heading left to right, and its lines started on the left.
    expect(heading.closest('[dir]')).toBe(document.documentElement);
    // The name alone is isolated in its own direction.
    const name = screen.getByText('Casa Rossi');
    expect(name.tagName).toBe('BDI');
    expect(name.parentElement).toBe(heading);
  });
});
