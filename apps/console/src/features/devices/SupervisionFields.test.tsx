import { screen, waitFor } from '@testing-library/react';
import type { DeviceExpectations } from '@sos/contract';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { languageChanged } from '../../i18n/languageSlice.js';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { profileFormDefaults, type ProfileFormInput } from './profileForm.js';
import { SupervisionFields } from './SupervisionFields.js';

const EXPECTATIONS: DeviceExpectations = {
  supervisionSeconds: null,
  lastSeenAt: null,
  testIntervalHours: 24,
  lastTestAt: new Date('2025-03-01T08:15:00').toISOString(),
  checkIns: [],
  nextCheckInEnd: new Date('2025-03-02T10:30:00').toISOString(),
};

function Fields() {
  const { control } = useForm<ProfileFormInput>({
    defaultValues: profileFormDefaults(undefined, 'Ingresso', EXPECTATIONS),
  });
  return <SupervisionFields control={control} expectations={EXPECTATIONS} globalSeconds={90} />;
}

describe('SupervisionFields', () => {
  it('writes the last test and the next check-in in Arabic-Indic digits in Arabic', async () => {
    const store = signedInStore();
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <Fields />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const line = screen.getByTestId('expectations');
    await waitFor(() => expect(line).toHaveTextContent('٠١/٠٣ ٠٨:١٥'));
    expect(line).toHaveTextContent('٠٢/٠٣ ١٠:٣٠');
    expect(line.textContent).not.toMatch(/[0-9]/);
  });

  it('keeps ASCII digits in Italian', () => {
    renderWithStore(signedInStore(), <Fields />);
    expect(screen.getByTestId('expectations')).toHaveTextContent(
      'Ultimo test 01/03 08:15 · Prossimo check-in entro 02/03 10:30',
    );
  });
});
