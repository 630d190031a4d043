import { screen, waitFor } from '@testing-library/react';
import type { TechnicalAlarm } from '@sos/contract';
import { describe, expect, it } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { device, renderWithStore, signedInStore } from '../../test/testKit.js';
import { TechnicalAlarmLine } from './TechnicalAlarmLine.js';

const ALARM: TechnicalAlarm = {
  type: 'LOW_BATTERY',
  device: device(2, 'Camera Bianchi'),
  since: new Date('2025-03-01T02:34:00').toISOString(),
};

describe('TechnicalAlarmLine', () => {
  it('says since when in Arabic-Indic digits in Arabic, the device name as sent', async () => {
    const store = signedInStore('EMPLOYEE');
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <TechnicalAlarmLine alarm={ALARM} canDismiss={false} />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const since = await screen.findByText(/^منذ /);
    expect(since).toHaveTextContent('منذ ٠٢:٣٤');
    expect(since.textContent).not.toMatch(/[0-9]/);
    expect(screen.getByText('Camera Bianchi')).toBeInTheDocument();
  });

  it('keeps ASCII digits in Italian', async () => {
    renderWithStore(signedInStore('EMPLOYEE'), <TechnicalAlarmLine alarm={ALARM} canDismiss />);
    expect(await screen.findByText('da 02:34')).toBeInTheDocument();
  });
});
