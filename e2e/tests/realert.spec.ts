import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPath } from '@sos/contract/paths';
import { isRinging, isSilent, watchMedia } from '../support/alarm.js';
import { login } from '../support/api.js';
import { expect, seedStorage, sessionStorageItems, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SosDetail } from '../pages/SosDetail.js';

const SHOTS = fileURLToPath(new URL('../artifacts/realert/', import.meta.url));

async function liveDashboard(page: Page): Promise<DashboardPage> {
  await watchMedia(page);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.enableAudio();
  await dashboard.waitLive();
  return dashboard;
}

/** docs/alarm-handling.md, "Re-alert" and the prompt's banner. */
test.describe('a further alarm re-alerts (docs/alarm-handling.md)', () => {
  test.beforeEach(async ({ admin }) => {
    mkdirSync(SHOTS, { recursive: true });
    await admin.closeAllOpenSos();
  });

  test('a fire on a home with an acknowledged medical SOS fills the card again with "Nuovo allarme: Incendio" and rings on both consoles until one takes charge', async ({
    page,
    browser,
    signIn,
    people,
    fleet,
  }) => {
    test.setTimeout(150_000);
    const { sim, device } = await fleet.add(`Casa Rossi ${uid('d')}`);
    const name = device.displayName;
    await signIn();
    const admin = await liveDashboard(page);
    const employee = await people.create({ role: 'EMPLOYEE' });
    const other = await browser.newContext();
    try {
      const operatorPage = await other.newPage();
      await seedStorage(
        operatorPage,
        sessionStorageItems(await login(employee.username, employee.password)),
      );
      const operator = await liveDashboard(operatorPage);

      expect((await sim.raiseSosOfKind('MEDICAL')).status).toBe(201);
      await operator.detailButton(name).click();
      const detail = new SosDetail(operatorPage);
      await detail.waitOpen();
      await detail.takeCharge.click();
      await expect(admin.card(name)).toContainText(`In carico a ${employee.username}`);
      await detail.back.click();
      await expect.poll(() => isSilent(page)).toBe(true);

      expect((await sim.raiseSosOfKind('FIRE')).status).toBe(200);
      for (const board of [admin, operator]) {
        await expect(board.realertLine(name)).toHaveText('Nuovo allarme: Incendio');
        // The opening time stays: "da 0 min" under it says since when.
        await expect(board.card(name)).toContainText('SOS aperto il');
        await expect(board.kindLabel(name)).toHaveText('Incendio · Emergenza medica');
        await expect(board.card(name)).not.toContainText('In carico a');
      }
      await expect.poll(() => isRinging(page)).toBe(true);
      await expect.poll(() => isRinging(operatorPage)).toBe(true);
      await admin.card(name).screenshot({ path: `${SHOTS}realert-card-it-light.png` });

      // One takes charge again: the line goes, both consoles fall silent.
      await operator.detailButton(name).click();
      await detail.waitOpen();
      const acked = operatorPage.waitForResponse((r) => r.url().includes(apiPath('sosAck')));
      await detail.takeCharge.click();
      expect((await acked).status()).toBe(200);
      await expect(admin.realertLine(name)).toHaveCount(0);
      await expect(admin.card(name)).toContainText(`In carico a ${employee.username}`);
      await expect.poll(() => isSilent(page)).toBe(true);
      await expect.poll(() => isSilent(operatorPage)).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('after a reload, "SOS da gestire" shows above the audio prompt', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { sim } = await fleet.add(`Ingresso ${uid('d')}`);
    await signIn();
    expect((await sim.raiseSosOfKind('FALL')).status).toBe(201);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await page.reload();
    await expect(dashboard.promptBanner).toHaveText('SOS da gestire: 1');
    await expect(dashboard.audioPrompt).toBeVisible();
    await page.screenshot({ path: `${SHOTS}prompt-banner-it-light.png` });
    await dashboard.enableAudio();
    await expect(dashboard.promptBanner).toHaveCount(0);
  });

  test('Arabic, dark, phone width: the re-alerted card and the prompt', async ({
    page,
    signIn,
    fleet,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { sim } = await fleet.add(`منزل ${uid('d')}`);
    await signIn(undefined, { language: 'ar', theme: 'dark' });
    expect((await sim.raiseSosOfKind('MEDICAL')).status).toBe(201);
    await page.goto('/sos');
    await expect(page.getByTestId('prompt-banner')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}prompt-banner-ar-dark-390.png` });
    await page.locator('h1').click();
    expect((await sim.raiseSosOfKind('FIRE')).status).toBe(200);
    await expect(page.getByTestId('sos-realerted')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}realert-card-ar-dark-390.png` });
  });
});
