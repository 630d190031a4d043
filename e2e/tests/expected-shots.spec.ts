import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DashboardPage } from '../pages/DashboardPage.js';
import { ExpectationsForm } from '../pages/ExpectationsForm.js';
import { HealthPanel } from '../pages/HealthPanel.js';
import { login } from '../support/api.js';
import { E2E } from '../env.js';
import { expect, test } from '../support/fixtures.js';
import { signedInDashboard } from '../support/shots.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const ZONE = 'Europe/Rome';
const hhmm = (plusMinutes: number) =>
  new Date(Date.now() + plusMinutes * 60_000).toLocaleTimeString('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: ZONE,
  });

/**
 * docs/screenshots/expected-*.png: the profile with check-ins and supervision, the
 * "Inattività" card of a missed check-in and "Test periodico mancante" in the technical list;
 * Italian light and Arabic dark, at 1280 and 390 px.
 */
test('screenshots: expected events, Italian light and Arabic dark, desktop and phone', async ({
  browser,
  fleet,
  admin,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const tag = uid('x').slice(-4);
  const from = hhmm(0);
  const to = hhmm(3);
  test.skip(to <= from, 'the window would cross midnight');
  // A resident whose window ends within minutes, unchecked: an "Inattività" card, due 5 s after
  // the profile is saved on the e2e test clock (e2e/README.md).
  const resident = await fleet.add(`Casa Sig.ra Neri ${tag}`);
  await admin.putProfile(resident.device.id, {
    residentName: 'Luisa Neri',
    checkIns: [{ days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'], from, to }],
  });
  // A panel that tests every hour (8 s on the e2e clock) and never does.
  const panel = await fleet.add(`Centrale Via Roma ${tag}`);
  await admin.setSupervision(panel.device.id, { supervisionSeconds: 86_400, testIntervalHours: 1 });
  await panel.sim.heartbeat();
  // The profile to photograph: two windows, supervision in minutes, a daily test.
  const profiled = await fleet.add(`Bracciale Sig. Conti ${tag}`);
  await admin.putProfile(profiled.device.id, {
    residentName: 'Mario Conti',
    checkIns: [
      { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], from: '08:00', to: '10:00' },
      { days: ['SAT', 'SUN'], from: '09:00', to: '11:30' },
    ],
  });
  await admin.setSupervision(profiled.device.id, {
    supervisionSeconds: 900,
    testIntervalHours: 24,
  });
  await profiled.sim.test();

  const auth = await login(E2E.admin.username, E2E.admin.password);
  const variants = [
    { language: 'it', theme: 'light' },
    { language: 'ar', theme: 'dark' },
  ] as const;
  let first = true;
  for (const prefs of variants)
    for (const width of [1280, 390]) {
      const page = await signedInDashboard(browser, auth, prefs, {
        width,
        height: width === 390 ? 844 : 800,
      });
      const name = `${prefs.language}-${prefs.theme}${width === 390 ? '-390' : ''}`;
      const dashboard = new DashboardPage(page);
      const card = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: resident.device.displayName, exact: true }),
      });
      // The test clock's due time, then the engine, the first time only.
      await expect(card.getByTestId('sos-check-in')).toBeVisible({
        timeout: first ? 40_000 : 15_000,
      });
      if (prefs.language === 'it') {
        await expect(dashboard.kindLabel(resident.device.displayName)).toHaveText('Inattività');
        await expect(card.getByTestId('sos-check-in')).toHaveText(`Mancato check-in ${from}–${to}`);
        await expect(
          new HealthPanel(page).line('Test periodico mancante', panel.device.displayName),
        ).toBeVisible();
      }
      first = false;
      await page.screenshot({
        path: `${SHOTS}expected-dashboard-${name}.png`,
        animations: 'disabled',
        fullPage: true,
      });
      await card.screenshot({
        path: `${SHOTS}expected-inactivity-${name}.png`,
        animations: 'disabled',
      });
      await page
        .getByTestId('technical-alarms')
        .screenshot({ path: `${SHOTS}expected-technical-${name}.png`, animations: 'disabled' });
      // Tall enough for the whole dialog: check-ins, supervision, the test interval.
      await page.setViewportSize({ width, height: width === 390 ? 2000 : 1500 });
      const form = new ExpectationsForm(page);
      await page
        .getByRole('listitem')
        .filter({
          has: page.getByRole('heading', { name: profiled.device.displayName, exact: true }),
        })
        .getByRole('button')
        .first()
        .click();
      await expect(form.dialog).toBeVisible();
      await expect(form.dialog.getByTestId('check-in-window')).toHaveCount(2);
      await expect(form.dialog.getByTestId('expectations')).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}expected-profile-${name}.png`,
        animations: 'disabled',
      });
      await page.close();
    }
});
