import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { E2E } from '../env.js';
import { expect, seedStorage, sessionStorageItems, test } from '../support/fixtures.js';

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/**
 * docs/screenshots/shift2-smaller-*.png (docs/shift.md "Smaller points"): the history at
 * 1440 px with "Chiuso da" on screen, the audit log with "Verifica integrità" and a
 * "SOS #id" opened, Settings' receivers; Italian light, Arabic dark, and 390 px.
 */
test('screenshots: history, audit log and receivers of the second walk', async ({
  browser,
  fleet,
  admin,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const { sim } = await fleet.add();
  const sos = await raiseSos(sim);
  await admin.closeSos(sos.id);
  const auth = await login(E2E.admin.username, E2E.admin.password);
  const variants = [
    { language: 'it', theme: 'light', width: 1440, name: 'it-light' },
    { language: 'ar', theme: 'dark', width: 1440, name: 'ar-dark' },
    { language: 'it', theme: 'light', width: 390, name: 'it-light-390' },
  ] as const;
  for (const v of variants) {
    const page = await browser.newPage({ viewport: { width: v.width, height: 900 } });
    await seedStorage(page, {
      ...sessionStorageItems(auth),
      language: v.language,
      'current-theme': v.theme,
    });
    await page.goto('/sos/history');
    const grid = page.getByRole('grid');
    await expect(grid.locator('[role="row"][data-rowindex]').first()).toBeVisible({
      timeout: 30_000,
    });
    if (v.width === 1440) {
      // "Chiuso da", the last shown column, ends inside the grid: nothing to scroll to.
      const last = await grid.getByRole('columnheader').last().boundingBox();
      const box = await grid.boundingBox();
      expect(last!.x + last!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    }
    await page.screenshot({ path: `${SHOTS}shift2-smaller-history-${v.name}.png` });
    await page.goto('/audit');
    await expect(page.locator('[role="row"][data-rowindex]').first()).toBeVisible({
      timeout: 30_000,
    });
    await page
      .getByRole('button', {
        name: v.language === 'it' ? 'Verifica integrità' : 'التحقق من السلامة',
      })
      .click();
    await expect(page.getByRole('status')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}shift2-smaller-audit-${v.name}.png` });
    const link = page.getByRole('button', { name: `SOS #${sos.id}` }).first();
    await link.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}shift2-smaller-audit-sos-${v.name}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/settings');
    const block = page.locator('[data-testid="receiver-DC09"]');
    await expect(block).toBeVisible({ timeout: 30_000 });
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS}shift2-smaller-receivers-${v.name}.png`,
      fullPage: true,
    });
    await page.close();
  }
});
