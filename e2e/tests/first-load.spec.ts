import type { Device } from '@sos/contract';
import { isRinging, watchMedia } from '../support/alarm.js';
import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { apiPath } from '@sos/contract/paths';

test.describe('never miss an SOS on load (docs/security.md)', () => {
  test('an SOS raised between the device list and the opening of the stream appears and rings', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    await admin.closeAllOpenSos();
    const { sim, device } = await fleet.add(`0 Between ${uid('d')}`);
    await watchMedia(page);
    // The stream's opening is held back until the SOS has been raised.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sos/realTime**', async (route) => {
      await held;
      await route.continue();
    });
    const listed = page.waitForResponse(
      (r) => r.url().includes(apiPath('deviceGetAll')) && r.status() === 200,
    );
    const streamAsked = page.waitForRequest((r) => r.url().includes(apiPath('sosRealTime')));
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    const list = await listed;
    await streamAsked;
    // The list the console holds has no SOS for this device...
    const devices = (await list.json()) as Device[];
    expect(devices.find((d) => d.id === device.id)?.lastSos).toBeNull();
    await raiseSos(sim);
    // ...and the stream opens only now.
    release();
    await dashboard.enableAudio();
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    await expect.poll(() => isRinging(page)).toBe(true);
  });
});
