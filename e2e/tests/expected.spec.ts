import type { Page } from '@playwright/test';
import { DashboardPage } from '../pages/DashboardPage.js';
import { ExpectationsForm } from '../pages/ExpectationsForm.js';
import { HealthPanel } from '../pages/HealthPanel.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

/** The e2e server's TZ (its default) and the browser's: check-in windows are wall-clock times in it. */
const ZONE = 'Europe/Rome';

/** HH:mm in the server's zone, `plusMinutes` from now. */
function wallClock(plusMinutes: number): string {
  return new Date(Date.now() + plusMinutes * 60_000).toLocaleTimeString('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: ZONE,
  });
}

async function openDashboard(page: Page) {
  const dashboard = new DashboardPage(page);
  // The run's first page of a cold server on a shared machine: more than the usual 10 s.
  await page.goto('/sos');
  await expect(dashboard.heading).toBeVisible({ timeout: 30_000 });
  await dashboard.enableAudio();
  await dashboard.waitLive();
  return dashboard;
}

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('expected events: check-ins and periodic tests (docs/expected-events.md)', () => {
  test('a check-in window set in the profile passes with no check-in: an "Inattività" card says which', async ({
    page,
    signIn,
    fleet,
  }) => {
    // The e2e test clock (e2e/README.md): a window ending within 5 minutes is due 5 s after
    // it is saved. It ends 2 to 3 minutes from now: saved before its end on a slow machine too.
    test.setTimeout(90_000);
    const name = `Casa Sig.ra Neri ${uid('c').slice(-4)}`;
    await fleet.add(name);
    await signIn();
    const dashboard = await openDashboard(page);
    const form = new ExpectationsForm(page);
    await form.open(dashboard.card(name));
    const from = wallClock(0);
    const to = wallClock(3);
    test.skip(to <= from, 'the window would cross midnight');
    await form.addWindow(from, to);
    await form.save();

    const card = dashboard.card(name);
    await expect(dashboard.kindLabel(name)).toHaveText('Inattività', { timeout: 40_000 });
    await expect(card.getByTestId('sos-check-in')).toHaveText(`Mancato check-in ${from}–${to}`);
  });

  test('a missed periodic test is in "Allarmi tecnici" until the device sends a test', async ({
    page,
    signIn,
    fleet,
  }) => {
    // The e2e database's test clock: an hour of interval lasts 8 s (e2e/README.md).
    test.setTimeout(90_000);
    const name = `Centrale Via Roma ${uid('t').slice(-4)}`;
    const { sim } = await fleet.add(name);
    await signIn();
    const dashboard = await openDashboard(page);
    const form = new ExpectationsForm(page);
    await form.open(dashboard.card(name));
    await form.setTestIntervalHours(1);
    await form.save();

    const health = new HealthPanel(page);
    const missed = health.line('Test periodico mancante', name);
    await expect(missed).toBeVisible({ timeout: 40_000 });
    await expect(missed.getByRole('button', { name: 'Ignora' })).toBeVisible();
    expect((await sim.test()).status).toBe(204);
    await expect(missed).toBeHidden();
  });
});
