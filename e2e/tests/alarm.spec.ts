import { alarms, isRinging, isSilent, watchMedia } from '../support/alarm.js';
import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { DashboardPage } from '../pages/DashboardPage.js';

test.describe('alarm (docs/console.md Alarm sound)', () => {
  test('rings while an SOS is open once audio is enabled, and stops when none is', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    // The alarm answers to every device: start from a quiet board.
    await admin.closeAllOpenSos();
    const { sim, device } = await fleet.add();
    await watchMedia(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    expect(await isRinging(page)).toBe(false);

    await dashboard.enableAudio();
    await dashboard.waitLive();
    // Enabling primes /alarm.mp3 (muted); with no SOS it stays silent.
    await expect.poll(async () => (await alarms(page)).length).toBeGreaterThan(0);
    await expect.poll(() => isSilent(page)).toBe(true);

    await raiseSos(sim);
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    await expect.poll(() => isRinging(page)).toBe(true);
    expect((await alarms(page)).some((a) => a.loop && !a.paused)).toBe(true);

    await dashboard.closeButton(device.displayName).click();
    await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
    await expect.poll(() => isSilent(page)).toBe(true);
    expect((await alarms(page)).every((a) => a.currentTime === 0)).toBe(true);
  });

  test('an SOS already open when audio is enabled rings at once', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { sim, device } = await fleet.add();
    await raiseSos(sim);
    await watchMedia(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    expect(await isRinging(page)).toBe(false);
    await dashboard.enableAudio();
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    await expect.poll(() => isRinging(page)).toBe(true);
  });
});
