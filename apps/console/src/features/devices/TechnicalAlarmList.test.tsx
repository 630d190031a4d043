import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TechnicalAlarm } from '@sos/contract';
import { describe, expect, it } from 'vitest';
import { device, json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { TechnicalAlarmList } from './TechnicalAlarmList.js';

const at = (hhmm: string) => new Date(`2025-03-01T${hhmm}:00`).toISOString();
const ALARMS: TechnicalAlarm[] = [
  { type: 'DEVICE_OFFLINE', device: device(1, 'Ingresso'), since: at('08:05') },
  { type: 'LOW_BATTERY', device: device(2, 'Camera Bianchi'), since: at('09:10') },
  { type: 'POWER_FAILURE', device: device(3, 'Centrale scala B'), since: at('09:20') },
  { type: 'TAMPER', device: device(3, 'Centrale scala B'), since: at('09:30') },
  { type: 'DELETED_DEVICE_SOS', device: device(4, 'Vecchio ciondolo'), since: at('09:40') },
];

function show(role: Role) {
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/alarms/technical') return json(ALARMS);
    if (call.url.pathname === '/api/alarms/technical/dismiss')
      return new Response(null, { status: 204 });
    return undefined;
  });
  renderWithStore(signedInStore(role), <TechnicalAlarmList />);
  return calls;
}

describe('TechnicalAlarmList ("Allarmi tecnici")', () => {
  it('one line per alarm: what, the device, since when', async () => {
    show('EMPLOYEE');
    const list = await screen.findByRole('region', { name: 'Allarmi tecnici' });
    expect(within(list).getByText('Allarmi tecnici')).toBeInTheDocument();
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Non raggiungibileIngressoda 08:05',
      'Batteria scaricaCamera Bianchida 09:10',
      'Mancanza rete elettricaCentrale scala Bda 09:20',
      'ManomissioneCentrale scala Bda 09:30',
      'SOS da dispositivo eliminato: Vecchio ciondoloda 09:40',
    ]);
    expect(within(list).queryByRole('button', { name: 'Ignora' })).toBeNull();
  });

  it('a super administrator dismisses one, by its type', async () => {
    const calls = show('SUPER_ADMIN');
    const list = await screen.findByRole('region', { name: 'Allarmi tecnici' });
    // Every line but the offline one, which clears itself.
    expect(within(list).getAllByRole('button', { name: 'Ignora' })).toHaveLength(4);
    const tamper = within(list).getAllByRole('listitem')[3]!;
    await userEvent.click(within(tamper).getByRole('button', { name: 'Ignora' }));
    const deleted = within(list).getAllByRole('listitem')[4]!;
    await userEvent.click(within(deleted).getByRole('button', { name: 'Ignora' }));
    const dismissed = calls
      .filter((c) => c.url.pathname === '/api/alarms/technical/dismiss')
      .map((c) => c.url.search);
    expect(dismissed).toEqual(['?deviceId=3&type=TAMPER', '?deviceId=4']);
  });
});
