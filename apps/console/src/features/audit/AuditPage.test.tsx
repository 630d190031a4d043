import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTIONS } from '@sos/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../app/signedIn.catalogue.js';
import { LOCALES } from '../../i18n/locales.js';
import { closedSosAnswer, closedSos } from '../../test/closedSos.js';
import { callsOf, json, stubFetch } from '../../test/http.js';
import { renderApp } from '../../test/renderApp.js';
import { storeSession } from '../../test/session.js';

vi.mock('../dashboard/DashboardPage.js', () => ({ default: () => <h1>Dashboard</h1> }));
vi.mock('../../widgets/live/LiveScope.js', () => ({
  LiveScope: ({ children }: { children: ReactNode }) => children,
}));

// A local time, so the expected text holds in any time zone.
const at = new Date(2026, 10, 25, 9, 41, 7).toISOString();
const record = (id: number, more: object = {}) => ({
  id,
  at,
  actor: { id: 2, username: 'maria' },
  address: '192.0.2.10',
  action: 'PROFILE_VIEWED',
  target: { type: 'DEVICE', id: 4, label: 'Casa Rossi' },
  details: null,
  prevHash: '0'.repeat(64),
  hash: 'a'.repeat(64),
  ...more,
});
const page = (items: unknown[], total = items.length, nextCursor: string | null = null) => ({
  items,
  total,
  nextCursor,
});

describe('AuditPage', () => {
  beforeAll(async () => {
    await import('./AuditPage.js');
  }, 60_000);

  it('shows who did what, when, from where and on what, in words', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch(() =>
      json(
        200,
        page([
          record(3),
          record(2, {
            action: 'ALARM_CONF_CHANGED',
            target: { type: 'CONF', id: 'alarm', label: 'alarm' },
            details: { before: { ackTargetSeconds: 60 }, after: { ackTargetSeconds: 90 } },
          }),
          record(1, {
            action: 'LOGIN_FAILED',
            actor: null,
            target: null,
            details: { usernameHash: 'deadbeef'.repeat(8) },
          }),
        ]),
      ),
    );
    renderApp('/audit');
    expect(await screen.findByRole('heading', { name: 'Registro attività' })).toBeInTheDocument();
    const row = (await screen.findByText('Scheda assistito consultata')).closest(
      '[role="row"]',
    ) as HTMLElement;
    for (const text of ['25/11/2026 09:41:07', 'maria', '192.0.2.10', 'Casa Rossi']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Tempo massimo di presa in carico (s): 60 → 90')).toBeInTheDocument();
    expect(screen.getByText('Accesso non riuscito')).toBeInTheDocument();
    expect(screen.getByText('nome utente sconosciuto (impronta deadbeef)')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Data e ora',
      'Utente',
      'Indirizzo',
      'Azione',
      'Oggetto',
      'Dettagli',
    ]);
    expect(await callsOf(spy)).toContain('GET /api/audit?limit=20');
  });

  it('pages on the server and filters by user, action and days', async () => {
    storeSession('SUPER_ADMIN');
    const first = Array.from({ length: 20 }, (_, i) =>
      record(40 - i, { target: { type: 'DEVICE', id: i, label: `Casa ${i}` } }),
    );
    const spy = stubFetch((request) => {
      const url = new URL(request.url);
      if (url.searchParams.get('cursor') === 'next-1')
        return json(
          200,
          page([record(1, { target: { type: 'DEVICE', id: 1, label: 'Ultima' } })], 21),
        );
      return json(200, page(first, 21, 'next-1'));
    });
    const user = userEvent.setup();
    renderApp('/audit');
    expect(await screen.findByText('Casa 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /pagina successiva/i }));
    expect(await screen.findByText('Ultima')).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('GET /api/audit?limit=20&cursor=next-1');
    await user.click(screen.getByRole('combobox', { name: 'Azione' }));
    await user.click(await screen.findByRole('option', { name: 'SOS chiuso' }));
    expect(await screen.findByText('Casa 0')).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('GET /api/audit?action=SOS_CLOSED&limit=20');
    await user.type(screen.getByRole('textbox', { name: 'Utente' }), 'maria');
    await waitFor(async () =>
      expect(await callsOf(spy)).toContain('GET /api/audit?actor=maria&action=SOS_CLOSED&limit=20'),
    );
  });

  it('exports what the filters match as a CSV download', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch((request) =>
      new URL(request.url).pathname === '/api/audit.csv'
        ? new Response('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })
        : json(200, page([record(1)])),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderApp('/audit');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Esporta CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(await callsOf(spy)).toContain('GET /api/audit.csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    // "CSV per Excel": ";", local times, the console's language (docs/alarm-handling.md "Exports").
    await user.click(screen.getByRole('button', { name: 'Esporta CSV' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV per Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(await callsOf(spy)).toContain('GET /api/audit.csv?format=excel&lang=it');
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toMatch(
      /^audit-log-\d{4}-\d{2}-\d{2}-excel\.csv$/,
    );
  });

  it('names every action in words in every language, none left as its code', () => {
    for (const locale of LOCALES) {
      const names = AUDIT_ACTIONS.map((action) => messages[locale][`auditAction.${action}`]);
      expect(
        names.every((name) => name && !/^[A-Z_]+$/.test(name)),
        locale,
      ).toBe(true);
      expect(new Set(names).size, locale).toBe(AUDIT_ACTIONS.length);
    }
  });

  it('is for super administrators only', async () => {
    storeSession('EMPLOYEE');
    stubFetch(() => json(200, page([])));
    renderApp('/audit');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  /** The log with one take-over of `closedSos`, and the chain's verification as given. */
  const withTakeOver = (verify: object) => (request: Request) => {
    const { pathname } = new URL(request.url);
    const takeOver = record(5, {
      action: 'SOS_TAKEN_OVER',
      target: { type: 'SOS', id: closedSos.id, label: `SOS #${closedSos.id}` },
    });
    if (pathname === '/api/audit') return json(200, page([takeOver]));
    if (pathname === '/api/audit/verify') return json(200, verify);
    return closedSosAnswer(request) ?? json(200, []);
  };

  it('"SOS #3" opens that SOS read only, and a take-over reads as one', async () => {
    storeSession('SUPER_ADMIN');
    const spy = stubFetch(withTakeOver({ ok: true, checked: 5, firstBadId: null }));
    renderApp('/audit');
    expect(
      await screen.findByText('SOS preso in carico da un altro operatore'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'SOS #3' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Dettaglio')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Portineria').length).toBeGreaterThan(0);
    expect(await within(dialog).findByText(/Chiamata la figlia/)).toBeInTheDocument();
    expect(await callsOf(spy)).toContain('GET /api/sos/history?sosId=3&limit=1');
  });

  it('"Verifica integrità" says whether the chain holds, and where it breaks', async () => {
    storeSession('SUPER_ADMIN');
    stubFetch(withTakeOver({ ok: false, checked: 1234, firstBadId: 17 }));
    renderApp('/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Verifica integrità' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registro alterato dalla voce n. 17: 1234 voci verificate',
    );
  });
});
