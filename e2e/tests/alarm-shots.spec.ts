import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { raiseSos } from '../support/devices.js';
import { expect, test, type Preferences } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { Shell } from '../pages/Shell.js';

const SHOTS = fileURLToPath(new URL('../artifacts/alarm/', import.meta.url));

/** Photographs of the alarm handling screens (docs/alarm-handling.md), for a person to look at. */
test.describe('alarm handling screens', () => {
  test.beforeEach(async ({ admin }) => {
    mkdirSync(SHOTS, { recursive: true });
    await admin.closeAllOpenSos();
  });

  async function board(
    page: Page,
    signIn: (w?: undefined, p?: Preferences) => Promise<unknown>,
    prefs: Preferences,
  ) {
    await signIn(undefined, prefs);
    const dashboard = new DashboardPage(page);
    await page.goto('/sos');
    await page.locator('h1').first().click();
    // Language-independent: the grid's items carry their device id.
    await expect(page.locator('[data-device-id]').first()).toBeVisible({ timeout: 30_000 });
    return dashboard;
  }

  test('cards taken in charge and late, the detail and the banner', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    test.setTimeout(120_000);
    const conf = await admin.alarmConf();
    await admin.setAlarmConf({ ...conf, ackTargetSeconds: 5 });
    try {
      const tag = uid('s').slice(-4);
      await fleet.add(`Reception ${tag}`);
      const late = await fleet.add(`Ciondolo Sig.ra Bianchi Maria Teresa ${tag}`);
      const taken = await fleet.add(`Appartamento 12, Via Roma ${tag}`);
      await raiseSos(late.sim);
      const handled = await raiseSos(taken.sim);
      await admin.ackSos(handled.id);
      const dashboard = await board(page, signIn, { language: 'it', theme: 'light' });
      await expect(dashboard.card(late.device.displayName)).toContainText('In ritardo', {
        timeout: 15_000,
      });
      await expect(dashboard.card(taken.device.displayName)).toContainText('In carico a admin');
      await page.screenshot({ path: `${SHOTS}dashboard-it-light.png`, animations: 'disabled' });

      await dashboard.detailButton(late.device.displayName).click();
      await expect(page.getByRole('dialog')).toContainText('Cronologia');
      await expect(page.getByRole('dialog')).toContainText('In ritardo');
      await page.screenshot({ path: `${SHOTS}detail-it-light.png`, animations: 'disabled' });
      await page.getByRole('button', { name: 'Indietro' }).click();

      await page.setViewportSize({ width: 390, height: 844 });
      await dashboard.detailButton(late.device.displayName).click();
      await expect(page.getByRole('dialog')).toContainText('Cronologia');
      await page.screenshot({ path: `${SHOTS}detail-it-phone-390.png`, animations: 'disabled' });
      await page.getByRole('button', { name: 'Indietro' }).click();
      await page.screenshot({ path: `${SHOTS}dashboard-it-phone-390.png`, animations: 'disabled' });

      await page.setViewportSize({ width: 1280, height: 800 });
      await new Shell(page).entry('Gestione utenti').click();
      await expect(new Shell(page).sosBanner()).toHaveText('SOS da gestire: 1');
      await page.screenshot({ path: `${SHOTS}banner-users-it-light.png`, animations: 'disabled' });
    } finally {
      await admin.setAlarmConf(conf);
    }
  });

  test('the detail in Arabic, dark; the dashboard at a 200 % root font size', async ({
    page,
    signIn,
    fleet,
  }) => {
    const tag = uid('s').slice(-4);
    const { sim, device } = await fleet.add(`Ciondolo Sig.ra Rossi ${tag}`);
    await raiseSos(sim);
    await board(page, signIn, { language: 'ar', theme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('heading', { name: device.displayName, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}detail-ar-dark.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}dashboard-ar-dark.png`, animations: 'disabled' });
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}dashboard-ar-dark-200pct.png`, animations: 'disabled' });
  });
});
