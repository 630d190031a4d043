import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScaipUnit } from '@sos/simulator';
import { E2E } from '../env.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SosDetail } from '../pages/SosDetail.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../artifacts/scaip/', import.meta.url));

/** A fall alarm with a position from a new simulated SCAIP unit; its card's name. */
async function fallFromNewUnit(): Promise<string> {
  const cid = uid('E2E').replace(/[^A-Za-z0-9.-]/g, '');
  const unit = await ScaipUnit.open({
    target: { host: '127.0.0.1', port: E2E.scaipPort, transport: 'udp' },
    cid,
  });
  try {
    expect(await unit.alarm('fall', { lat: 45.4642, lon: 9.19 })).toMatchObject({
      status: 200,
      snu: 0,
    });
  } finally {
    unit.close();
  }
  return `SCAIP ${cid}`;
}

test.describe('SCAIP receiver (docs/scaip.md)', () => {
  test('a fall alarm from a simulated SCAIP unit is a card labelled "Caduta", with the detector and the map link', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const cid = uid('E2E').replace(/[^A-Za-z0-9.-]/g, '');
    const name = `SCAIP ${cid}`;
    // A quiet dashboard: an earlier test's open SOS would share the grid.
    await admin.closeAllOpenSos();
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();

    const unit = await ScaipUnit.open({
      target: { host: '127.0.0.1', port: E2E.scaipPort, transport: 'udp' },
      cid,
    });
    try {
      const answer = await unit.alarm('fall', { lat: 45.4642, lon: 9.19 });
      expect(answer).toMatchObject({ status: 200, snu: 0 });
    } finally {
      unit.close();
    }
    const device = (await admin.devices()).find((d) => d.displayName === name);
    expect(device).toBeDefined();
    if (device) fleet.forget(device.id);

    await expect(dashboard.kindLabel(name)).toHaveText('Caduta');
    const detail = new SosDetail(page);
    // The alert card blinks: a click during its first frames may be lost, so it is retried.
    await expect(async () => {
      await dashboard.detailButton(name).click();
      await expect(detail.dialog).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(page.getByTestId('sos-detail-kind')).toHaveText('Tipo: Caduta');
    await expect(page.getByTestId('sos-detail-source')).toContainText('0005/0009');
    await expect(page.getByTestId('sos-detail-source')).toContainText(
      'Rilevatore di caduta, n. 1, Camera da letto',
    );
    const map = detail.dialog.getByRole('link', { name: 'Apri la mappa' });
    await expect(map).toHaveAttribute('href', /mlat=45\.4642&mlon=9\.19/);
  });

  test('photographs: the SCAIP card and its detail, Italian light and Arabic dark', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await admin.closeAllOpenSos();
    const name = await fallFromNewUnit();
    const device = (await admin.devices()).find((d) => d.displayName === name);
    if (!device) throw new Error(`${name} was not registered`);
    fleet.forget(device.id);
    // Language-independent: the grid's items carry their device id.
    const card = page.locator(`[data-device-id="${device.id}"]`);
    for (const [language, theme] of [
      ['it', 'light'],
      ['ar', 'dark'],
    ] as const) {
      await signIn(undefined, { language, theme });
      await page.goto('/sos');
      await page.locator('h1').first().click();
      await expect(card.getByTestId('sos-kind')).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}card-${language}-${theme}.png`,
        animations: 'disabled',
      });
      const detailOf = language === 'it' ? `Dettaglio di ${name}` : `تفاصيل ${name}`;
      await card.getByRole('button', { name: detailOf }).click();
      // The device's words in the console's language (docs/receivers.md): Arabic in Arabic.
      const words = language === 'it' ? 'Rilevatore di caduta, n. 1' : 'كاشف السقوط، رقم ١';
      await expect(page.getByTestId('sos-detail-source')).toContainText(words);
      await page.screenshot({
        path: `${SHOTS}detail-${language}-${theme}.png`,
        animations: 'disabled',
      });
      await page.keyboard.press('Escape');
    }
  });
});
