import { isRinging, watchMedia } from '../support/alarm.js';
import { expect, test } from '../support/fixtures.js';
import { DashboardPage } from '../pages/DashboardPage.js';

test.describe('alarm kinds (docs/alarm-kinds.md)', () => {
  test('an HTTP SOS with kind FIRE appears as a card labelled "Incendio" and rings', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { sim, device } = await fleet.add();
    await watchMedia(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const answer = await sim.raiseSosOfKind('FIRE');
    expect(answer.status).toBe(201);
    await expect(dashboard.kindLabel(device.displayName)).toHaveText('Incendio');
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    await expect.poll(() => isRinging(page)).toBe(true);
  });
});
