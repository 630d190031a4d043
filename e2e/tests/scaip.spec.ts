import { ScaipUnit } from '@sos/simulator';
import { E2E } from '../env.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SosDetail } from '../pages/SosDetail.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

test.describe('SCAIP receiver (docs/scaip.md)', () => {
  test('a fall alarm from a simulated SCAIP unit is a card labelled "Caduta", with the detector and the map link', async ({ page, signIn, fleet, admin }) => {
    const cid = uid('E2E').replace(/[^A-Za-z0-9.-]/g, '');
    const name = `SCAIP ${cid}`;
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();

    const unit = await ScaipUnit.open({ target: { host: '127.0.0.1', port: E2E.scaipPort, transport: 'udp' }, cid });
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
    await dashboard.detailButton(name).click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    await expect(page.getByTestId('sos-detail-kind')).toHaveText('Tipo: Caduta');
    await expect(page.getByTestId('sos-detail-source')).toContainText('0005/0009');
    await expect(page.getByTestId('sos-detail-source')).toContainText('Rilevatore di caduta, n. 1, Camera da letto');
    const map = detail.dialog.getByRole('link', { name: 'Apri la mappa' });
    await expect(map).toHaveAttribute('href', /mlat=45\.4642&mlon=9\.19/);
  });
});
