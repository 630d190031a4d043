import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { device, renderWithStore, signedInStore } from '../../test/testKit.js';
import { HealthLine } from './HealthLine.js';

const MONITORED = {
  ...device(3, 'Ingresso'),
  online: true,
  batteryPct: 15,
  lastSeenAt: new Date('2025-03-01T09:07:00').toISOString(),
};

describe('HealthLine', () => {
  it('writes the last contact and the battery in Arabic-Indic digits in Arabic', async () => {
    const store = signedInStore('EMPLOYEE');
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <HealthLine device={MONITORED} />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const line = screen.getByTestId('health-line');
    await waitFor(() => expect(line).toHaveTextContent('٠٩:٠٧'));
    expect(line).toHaveTextContent('١٥');
    expect(line.textContent).not.toMatch(/[0-9]/);
  });

  it('keeps ASCII digits in Italian', () => {
    renderWithStore(signedInStore('EMPLOYEE'), <HealthLine device={MONITORED} />);
    expect(screen.getByTestId('health-line')).toHaveTextContent(
      '· Batteria 15% · Ultimo contatto 09:07',
    );
  });
});
