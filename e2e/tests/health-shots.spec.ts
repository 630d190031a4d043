import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E } from '../env.js';
import { HealthPanel } from '../pages/HealthPanel.js';
import { login } from '../support/api.js';
import { expect, test, type Preferences } from '../support/fixtures.js';
import { signedInDashboard } from '../support/shots.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
/** scripts/serve.mjs stores offlineAfterSeconds = 10: a silent device is offline within ~10 s. */
const OFFLINE_WITHIN = { timeout: 25_000 };

/** Photographs for looking at the device health screens (`npm run shots -w e2e`). */
test('screenshots: technical list and profile form, Italian and Arabic, light and dark', async ({
  page,
  browser,
  fleet,
  admin,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const tag = uid('s').slice(-4);
  const silent = await fleet.add(`Ciondolo Sig.ra Russo ${tag}`);
  await silent.sim.heartbeat(undefined, 15);
  const low = await fleet.add(`Bracciale Anna Greco ${tag}`);
  await low.sim.heartbeat(undefined, 9);
  const gone = await fleet.add(`Pulsante Bagno ${tag}`);
  await admin.deleteDevice(gone.device.id);
  await gone.sim.raiseSos();
  // Let the first go offline, keep the second heard.
  await page.waitForTimeout(12_000);
  await low.sim.heartbeat(undefined, 9);
  const auth = await login(E2E.admin.username, E2E.admin.password);
  const variants: Required<Preferences>[] = [
    { language: 'it', theme: 'light' },
    { language: 'it', theme: 'dark' },
    { language: 'ar', theme: 'light' },
    { language: 'ar', theme: 'dark' },
  ];
  for (const prefs of variants) {
    const shotPage = await signedInDashboard(browser, auth, prefs);
    const health = new HealthPanel(shotPage);
    await expect(health.offlineList).toBeVisible(OFFLINE_WITHIN);
    const name = `${prefs.language}-${prefs.theme}`;
    await shotPage.screenshot({
      path: `${SHOTS}health-technical-${name}.png`,
      animations: 'disabled',
    });
    await shotPage
      .locator('.sos-plain-card')
      .filter({ hasText: `Bracciale Anna Greco ${tag}` })
      .locator('button')
      .first()
      .click();
    await expect(health.profileDialog).toBeVisible();
    await health.profileDialog
      .getByRole('button')
      .filter({ hasText: /^(Aggiungi|إضافة)$/ })
      .click();
    await shotPage.screenshot({
      path: `${SHOTS}health-profile-${name}.png`,
      animations: 'disabled',
    });
    await shotPage.close();
  }
});
