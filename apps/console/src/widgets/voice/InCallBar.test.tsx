import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callAdded, voiceStatusChanged } from '../../entities/voice/voiceSlice.js';
import { languageChanged } from '../../i18n/languageSlice.js';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { fakePhone, voiceCall } from '../../test/voiceKit.js';
import { CallsInProgress } from './InCallBar.js';
import { DialButton } from './DialButtons.js';
import { PhoneContext } from './phone.js';

function render(calls: Parameters<typeof voiceCall>[0][], sosId?: number) {
  const store = signedInStore('EMPLOYEE');
  store.dispatch(voiceStatusChanged('registered'));
  for (const call of calls) store.dispatch(callAdded(voiceCall(call)));
  const phone = fakePhone();
  renderWithStore(
    store,
    <PhoneContext.Provider value={phone}>
      <CallsInProgress {...(sosId === undefined ? {} : { sosId })} />
      <DialButton number="+39 06 1111 2222" sosId={41} name="Marco" />
    </PhoneContext.Provider>,
  );
  return { phone, store };
}

describe('in-call bar', () => {
  it('shows the time in call, mutes, hangs up, and sends SCAIP controls to a unit', async () => {
    const { phone } = render([{ state: 'active', answeredAt: Date.now() - 65_000 }]);
    const bar = screen.getByTestId('in-call');
    expect(within(bar).getByRole('timer')).toHaveTextContent(/^In chiamata 01:0[5-6]$/);
    await userEvent.click(within(bar).getByRole('button', { name: 'Muto' }));
    expect(phone.setMuted).toHaveBeenCalledWith('call-1', true);
    const controls = within(bar).getByRole('group', { name: 'Audio del dispositivo' });
    for (const [name, tone] of [
      ['Parla e ascolta', '4'],
      ['Solo ascolto', '7'],
      ['Solo parla', '8'],
    ] as const) {
      await userEvent.click(within(controls).getByRole('button', { name }));
      expect(phone.sendDtmf).toHaveBeenLastCalledWith('call-1', tone);
    }
    await userEvent.click(within(bar).getByRole('button', { name: 'Chiudi chiamata' }));
    expect(phone.hangUp).toHaveBeenCalledWith('call-1');
  });

  it('counts the time in call in Arabic-Indic digits in Arabic', async () => {
    const store = signedInStore('EMPLOYEE');
    store.dispatch(voiceStatusChanged('registered'));
    store.dispatch(callAdded(voiceCall({ state: 'active', answeredAt: Date.now() - 65_000 })));
    store.dispatch(languageChanged('ar'));
    renderWithStore(
      store,
      <PhoneContext.Provider value={fakePhone()}>
        <CallsInProgress />
      </PhoneContext.Provider>,
    );
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const timer = within(screen.getByTestId('in-call')).getByRole('timer');
    await waitFor(() => expect(timer).toHaveTextContent(/٠١:٠[٥٦]/));
    expect(timer.textContent).not.toMatch(/[0-9]/);
  });

  it('has no SCAIP controls for a phone, and says it is calling until answered', () => {
    render([{ direction: 'OUT', state: 'dialing', unit: false, number: '+39 06 1111 2222' }]);
    const bar = screen.getByTestId('in-call');
    expect(within(bar).getByRole('timer')).toHaveTextContent('Chiamata in corso…');
    expect(within(bar).queryByRole('group')).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Muto' })).toBeDisabled();
  });

  it('shows in an SOS detail only the calls of that SOS, and never a call still ringing', () => {
    render(
      [
        { id: 'a', state: 'active', answeredAt: Date.now(), sosId: 7 },
        { id: 'b', state: 'ringing' },
      ],
      41,
    );
    expect(screen.queryByTestId('in-call')).not.toBeInTheDocument();
  });
});

describe('"Chiama"', () => {
  it('dials the number for the SOS', async () => {
    const { phone } = render([]);
    await userEvent.click(screen.getByRole('button', { name: 'Chiama Marco' }));
    expect(phone.call).toHaveBeenCalledWith('+39 06 1111 2222', 41);
  });

  it('asks first on an SOS a colleague holds, as recording a call does', async () => {
    const store = signedInStore('EMPLOYEE');
    store.dispatch(voiceStatusChanged('registered'));
    const phone = fakePhone();
    renderWithStore(
      store,
      <PhoneContext.Provider value={phone}>
        <DialButton number="+39 06 1111 2222" sosId={41} name="Marco" heldBy="luca" />
      </PhoneContext.Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Chiama Marco' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('In carico a luca: chiamare comunque?');
    await user.click(within(ask).getByRole('button', { name: 'Annulla' }));
    expect(phone.call).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Chiama Marco' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Chiama' }),
    );
    expect(phone.call).toHaveBeenCalledWith('+39 06 1111 2222', 41);
  });

  it('waits while a call is on', () => {
    render([{ state: 'active', answeredAt: Date.now() }]);
    expect(screen.getByRole('button', { name: 'Chiama Marco' })).toBeDisabled();
  });

  it('is not there with voice off', () => {
    renderWithStore(
      signedInStore(),
      <DialButton number="+39 06 1111 2222" sosId={41} name="Marco" />,
    );
    expect(screen.queryByRole('button', { name: /Chiama/ })).not.toBeInTheDocument();
  });
});
