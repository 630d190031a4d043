import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { Dc09Client } from '@sos/simulator';
import { E2E } from '../env.js';
import { HealthPanel } from '../pages/HealthPanel.js';
import { closeSosAs, logCallAs, login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { FERRARO_PROFILE } from '../support/residents.js';
import { signedInDashboard } from '../support/shots.js';

/**
 * The README's screenshots of today's screens (docs/screenshots/): the dashboard with an SOS
 * and "Allarmi tecnici", the SOS detail with its call-out, the statistics, Settings with
 * "Ricevitori", users and history in Italian light; the dashboard right to left and dark;
 * the detail in Arabic dark. Like every e2e screenshot they are written under
 * artifacts/screenshots/ (readme/ here). It runs alone on a fresh e2e server, so that no
 * other spec's devices crowd the dashboard (the suite leaves it out, playwright.config.ts):
 *   npm run shots -w e2e && cp e2e/artifacts/screenshots/readme/*.png docs/screenshots/
 */
const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/readme/', import.meta.url));
const FERRARO = FERRARO_PROFILE;
/** How the week's SOS ended, for the statistics' outcomes chart. */
const OUTCOMES = [
  'RESOLVED_BY_PHONE',
  'RESOLVED_BY_PHONE',
  'ASSISTANCE_SENT',
  'FALSE_ALARM',
  'TEST',
] as const;

test('README screenshots: dashboard with technical alarms, SOS detail, statistics, receivers, users, history', async ({
  browser,
  fleet,
  people,
  admin,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await admin.closeAllOpenSos();
  await people.create({ username: 'maria.rossi' });
  await people.create({ username: 'luca.bianchi', role: 'SUPER_ADMIN' });
  const auth = await login(E2E.admin.username, E2E.admin.password);
  const token = auth.access_token;

  // Statistics worth a look: SOS taken in charge, called and closed with an outcome.
  const fleetNames = ['Pulsante Camera 1', 'Bracciale Giulia Ricci', 'Telesoccorso Via Roma 1'];
  const others = await Promise.all(fleetNames.map((name) => fleet.add(name)));
  const residents = ['Antonio Russo', 'Giulia Ricci', 'Maria Colombo'];
  for (const [i, { device }] of others.entries()) {
    await admin.putProfile(device.id, {
      ...FERRARO,
      residentName: residents[i]!,
      phone: `+39 011 555 020${i}`,
    });
  }
  for (const [i, outcome] of OUTCOMES.entries()) {
    const sos = await raiseSos(others[i % others.length]!.sim);
    await admin.ackSos(sos.id);
    const answered = i % 2 === 0;
    await logCallAs(token, sos.id, { to: 'RESIDENT', result: answered ? 'ANSWERED' : 'NO_ANSWER' });
    if (!answered)
      await logCallAs(token, sos.id, { to: 'CONTACT', contactIndex: 0, result: 'ANSWERED' });
    await closeSosAs(token, sos.id, outcome);
  }
  // Before any SOS is open: the statistics and Settings without the "SOS da gestire" banner.
  const it = await signedInDashboard(browser, auth, { language: 'it', theme: 'light' });
  await it.goto('/sos/stats');
  await expect(it.locator('[data-chart="stats.outcomesChart"] svg').first()).toBeVisible();
  await it.screenshot({ path: `${SHOTS}statistics.png`, animations: 'disabled' });

  await it.goto('/settings');
  const receivers = it.getByRole('region', { name: 'Ricevitori' });
  await expect(receivers.getByTestId('receiver-SCAIP')).toContainText(String(E2E.scaipPort));
  await receivers.scrollIntoViewIfNeeded();
  await it.screenshot({ path: `${SHOTS}settings-receivers.png`, animations: 'disabled' });

  // Technical alarms: a device that stops answering, a panel with a low battery (DC-09).
  const silent = await fleet.add('Ciondolo Sig. Esposito');
  await silent.sim.heartbeat(undefined, 64);
  const panel = new Dc09Client({
    host: '127.0.0.1',
    port: E2E.dc09Port,
    transport: 'udp',
    key: Buffer.from(E2E.dc09Key, 'hex'),
  });
  try {
    expect((await panel.send({ token: 'SIA-DCS', account: '7A02', data: 'Nri1/YT' })).type).toBe(
      'ACK',
    );
  } finally {
    panel.close();
  }
  // The open SOS of the detail: the resident did not answer, the son is the one to call.
  const { sim, device } = await fleet.add('Ciondolo Sig.ra Ferraro');
  await admin.putProfile(device.id, FERRARO);
  const open = await raiseSos(sim);
  await logCallAs(token, open.id, { to: 'RESIDENT', result: 'NO_ANSWER', note: 'Squilla a vuoto' });

  await it.goto('/sos');
  await it.getByRole('heading', { level: 1 }).click();
  await expect(new HealthPanel(it).offline(silent.device.displayName)).toBeVisible({
    timeout: 30_000,
  });
  await expect(new HealthPanel(it).line('Batteria scarica', 'DC-09 7A02')).toBeVisible();
  await it.screenshot({ path: `${SHOTS}dashboard.png`, animations: 'disabled' });
  await openDetail(it, device.displayName);
  await it.screenshot({ path: `${SHOTS}sos-detail.png`, animations: 'disabled' });
  for (const [path, screen] of [
    ['/users', 'users'],
    ['/sos/history', 'history'],
  ] as const) {
    await it.goto(path);
    await expect(it.locator('[role="row"][data-rowindex]').first()).toBeVisible();
    await it.screenshot({ path: `${SHOTS}${screen}.png`, animations: 'disabled' });
  }
  await it.close();

  // Right to left, and the dark theme: the dashboard; both at once: the detail.
  for (const [prefs, screen] of [
    [{ language: 'ar', theme: 'light' }, 'dashboard-ar'],
    [{ language: 'it', theme: 'dark' }, 'dashboard-dark'],
  ] as const) {
    const page = await signedInDashboard(browser, auth, prefs);
    await expect(page.getByTestId('technical-alarms').getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}${screen}.png`, animations: 'disabled' });
    await page.close();
  }
  const ar = await signedInDashboard(browser, auth, { language: 'ar', theme: 'dark' });
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await openDetail(ar, device.displayName);
  await ar.screenshot({ path: `${SHOTS}sos-detail-ar-dark.png`, animations: 'disabled' });
  await ar.close();
});

/** Opens the SOS detail from its card and shows the call-out, the next person to call. */
async function openDetail(page: Page, displayName: string): Promise<void> {
  await page.getByRole('heading', { name: displayName, exact: true }).click();
  const callOut = page.getByRole('dialog').getByTestId('call-out');
  await expect(callOut.locator('[data-next="true"]')).toBeVisible();
  await callOut.scrollIntoViewIfNeeded();
}
