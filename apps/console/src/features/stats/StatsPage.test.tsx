import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SosStats } from '@sos/contract';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));

const stats = (over: Partial<SosStats> = {}): SosStats => ({
  total: 200,
  acknowledged: 199,
  ackWithinTargetPct: 98.5,
  ackWithin180sPct: 99,
  medianAckSeconds: 21.5,
  p90AckSeconds: 48,
  medianCloseSeconds: 310,
  closedWithoutAck: 3,
  byOutcome: {
    ASSISTANCE_SENT: 20,
    EMERGENCY_SERVICES: 2,
    RESOLVED_BY_PHONE: 100,
    FALSE_ALARM: 70,
    TEST: 5,
    NO_RESPONSE: 1,
    OTHER: 2,
  },
  byKind: {
    PANIC: 180,
    FALL: 10,
    MEDICAL: 4,
    FIRE: 3,
    GAS: 1,
    FLOOD: 0,
    INTRUSION: 0,
    INACTIVITY: 1,
    WANDERING: 0,
    OTHER: 1,
  },
  byDay: [
    { day: '2026-03-29', total: 120, medianAckSeconds: 20, ackWithinTargetPct: 99.2 },
    { day: '2026-03-30', total: 80, medianAckSeconds: 23.5, ackWithinTargetPct: 97.5 },
  ],
  byOperator: [{ username: 'maria', acknowledged: 150, closed: 149, medianAckSeconds: 19.5 }],
  callsPerSos: 2.4,
  contactReachedPct: 62.5,
  checkInsMissed: 3,
  testsMissed: 1,
  ...over,
});

const figure = (id: string) => document.querySelector(`[data-figure="${id}"]`) as HTMLElement;

describe('StatsPage', () => {
  beforeAll(async () => {
    await import('./StatsPage.js');
  }, 60_000);

  it('shows the figures against the goals in green, the charts and the operators, for the last 7 days', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch(() => json(200, stats()));
    renderApp('/sos/stats');
    expect(await screen.findByRole('heading', { name: 'Statistiche' })).toBeInTheDocument();
    expect(await screen.findByText('Obiettivi raggiunti')).toBeInTheDocument();
    expect(figure('stats.withinTarget')).toHaveTextContent('98,5%obiettivo ≥ 98,5%');
    expect(figure('stats.withinTarget').dataset.tone).toBe('success');
    expect(figure('stats.within180')).toHaveTextContent('99%');
    expect(figure('stats.medianAck')).toHaveTextContent('21,5 s');
    expect(figure('stats.medianAck')).toHaveTextContent('90° percentile: 48 s');
    expect(figure('stats.total')).toHaveTextContent('200');
    expect(figure('stats.callsPerSos')).toHaveTextContent('Chiamate per SOS2,4');
    expect(figure('stats.contactReached')).toHaveTextContent('Contatti raggiunti62,5%');
    expect(figure('stats.closedWithoutAck')).toHaveTextContent('Chiusi senza presa in carico3');
    const row = within(screen.getByRole('table', { name: 'Per operatore' }))
      .getByText('maria')
      .closest('tr')!;
    expect(row).toHaveTextContent(/maria15014919,5 s/);
    expect(document.querySelector('[data-chart="stats.dailyChart"] svg')).not.toBeNull();
    expect(document.querySelector('[data-chart="stats.outcomesChart"] svg')).not.toBeNull();
    expect(document.querySelector('[data-chart="stats.kindsChart"] svg')).not.toBeNull();
    const calls = await callsOf(spy);
    expect(
      calls.some((c) =>
        /^GET \/api\/sos\/stats\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/.test(c),
      ),
    ).toBe(true);
  });

  it('turns red when one goal is missed, and shows dashes with no data', async () => {
    storeSession('SUPER_ADMIN');
    stubFetch(() =>
      json(
        200,
        stats({
          ackWithin180sPct: 98.9,
          medianCloseSeconds: null,
          callsPerSos: null,
          contactReachedPct: null,
        }),
      ),
    );
    renderApp('/sos/stats');
    expect(await screen.findByText('Obiettivi mancati')).toBeInTheDocument();
    expect(figure('stats.within180').dataset.tone).toBe('error');
    expect(figure('stats.total')).toHaveTextContent('Tempo mediano di chiusura: —');
    expect(figure('stats.callsPerSos')).toHaveTextContent('Chiamate per SOS—');
    expect(figure('stats.contactReached')).toHaveTextContent('Contatti raggiunti—');
  });

  // Dates in queries keep to 1970-01-01…2100-12-31 (docs/hardening.md): the field says so, the server never sees it.
  it.each(['0001-01-01', '1969-12-31', '2101-01-01', '9999-12-31'])(
    'refuses the day %s on the field, and never asks for it',
    async (day) => {
      storeSession('SUPER_ADMIN');
      const spy = stubFetch(() => json(200, stats()));
      renderApp('/sos/stats');
      await screen.findByText('Obiettivi raggiunti');
      const from = document.querySelector<HTMLInputElement>('input[name="from"]')!;
      // Its calendar (the browser's date input behind the field's button) offers no earlier day.
      expect(document.querySelector<HTMLInputElement>('input[type="date"]')!.min).toBe(
        '1970-01-01',
      );
      fireEvent.change(from, { target: { value: day } });
      expect(
        await screen.findByText('Inserisci una data tra il 01/01/1970 e il 31/12/2100'),
      ).toBeInTheDocument();
      fireEvent.change(from, { target: { value: '2026-03-01' } });
      expect(screen.queryByText('Inserisci una data tra il 01/01/1970 e il 31/12/2100')).toBeNull();
      const calls = await callsOf(spy);
      expect(calls.filter((c) => c.includes(`from=${day}`))).toEqual([]);
    },
  );
});
