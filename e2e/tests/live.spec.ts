import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { cutStreams, makeStreamsCuttable } from '../support/stream.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { Shell } from '../pages/Shell.js';
import { apiPath } from '@sos/contract/paths';

test.describe('live stream (docs/console.md, docs/contract.md)', () => {
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

    // docs/contract.md: the reconnecting client says where it stopped, and gets what it missed.
    const resumed = page.waitForRequest((r) => r.url().includes(apiPath('sosRealTime')));
    await context.setOffline(false);
    expect((await resumed).headers()['last-event-id']).toMatch(/^\d+$/);
    await dashboard.waitLive();
    await expect(dashboard.closeButton(one.device.displayName)).toBeVisible();
    await expect(dashboard.closeButton(two.device.displayName)).toBeVisible();
  });

  // docs/alarm-handling.md supersedes "leaving the dashboard closes the stream": one live connection per
  // console, owned by the layout; the spec's channel is the dashboard's subscription to it,
  // cleared on leaving, while the connection stays for the alarm and the banner elsewhere.
  test('leaving the dashboard clears its channel; the layout keeps the one connection', async ({
    page,
    signIn,
  }) => {
    const streams: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(apiPath('sosRealTime'))) streams.push(r.url());
    });
    page.on('requestfailed', (r) => {
      if (r.url().includes(apiPath('sosRealTime'))) failed.push(r.url());
    });
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const shell = new Shell(page);
    await shell.entry('Gestione utenti').click();
    await expect(page).toHaveURL(/\/users$/);
    await page.waitForTimeout(1000);
    await shell.entry('SOS').click();
    await dashboard.waitLive();
    expect(streams).toHaveLength(1);
    expect(failed).toEqual([]);
  });
});
