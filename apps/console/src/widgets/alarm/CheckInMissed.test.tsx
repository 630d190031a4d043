import { screen } from '@testing-library/react';
import { CHECK_IN_SOURCE_CODE } from '@sos/contract';
import { describe, expect, it } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { CheckInMissedLine } from './CheckInMissed.js';

const sos = {
  source: { protocol: 'SYSTEM' as const, code: CHECK_IN_SOURCE_CODE, detail: '08:00–10:00' },
};

describe('"Mancato check-in" (docs/expected-events.md)', () => {
  it('writes the window in Italian as it is, in Arabic with Arabic-Indic digits', async () => {
    const store = signedInStore();
    renderWithStore(store, <CheckInMissedLine sos={sos} />);
    expect(await screen.findByTestId('sos-check-in')).toHaveTextContent(
      'Mancato check-in 08:00–10:00',
    );
    store.dispatch(languageChanged('ar'));
    expect(await screen.findByText('٠٨:٠٠–١٠:٠٠')).toBeInTheDocument();
  });
});
