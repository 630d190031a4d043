import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { cutStreams, makeStreamsCuttable } from '../support/stream.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { Shell } from '../pages/Shell.js';

test.describe('live stream (spec §4, DESIGN §3)', () => {
  test('a dropped stream resumes without losing the SOS raised meanwhile', async ({
    page,
    context,
    signIn,
    fleet,
  }) => {
    const one = await fleet.add(`0 Lost ${uid('d')}`);
    const two = await fleet.add(`0 Found ${uid('d')}`);
    await makeStreamsCuttable(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    await expect(dashboard.card(two.device.displayName)).toBeVisible();

    // The network goes away: the open stream breaks and reconnections fail.
    await context.setOffline(true);
    expect(await cutStreams(page)).toBe(1);
    await expect(dashboard.liveStatus).toHaveText('Tempo reale interrotto: riconnessione…');
    // Meanwhile two devices raise an SOS (the test process is still online).
    await raiseSos(one.sim);
    await raiseSos(two.sim);
    await expect(dashboard.closeButton(one.device.displayName)).toHaveCount(0);

    // DESIGN §3: the reconnecting client says where it stopped, and gets what it missed.
    const resumed = page.waitForRequest((r) => r.url().includes('/api/sos/realTime'));
    await context.setOffline(false);
    expect((await resumed).headers()['last-event-id']).toMatch(/^\d+$/);
    await dashboard.waitLive();
    await expect(dashboard.closeButton(one.device.displayName)).toBeVisible();
    await expect(dashboard.closeButton(two.device.displayName)).toBeVisible();
  });

  test('leaving the dashboard closes the stream', async ({ page, signIn }) => {
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const closed = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/sos/realTime'));
    await new Shell(page).entry('Gestione utenti').click();
    await expect(page).toHaveURL(/\/users$/);
    await closed;
  });
});
