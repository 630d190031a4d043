import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { expect, seedStorage, sessionStorageItems, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { CallOut } from '../pages/CallOut.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SosDetail } from '../pages/SosDetail.js';
import { StatsPage } from '../pages/StatsPage.js';
import { FERRARO_PROFILE } from '../support/residents.js';

const PROFILE = FERRARO_PROFILE;

/** A signed-in dashboard with the stream live. */
async function liveDashboard(page: Page): Promise<DashboardPage> {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.enableAudio();
  await dashboard.waitLive();
  return dashboard;
}

test.describe('call-out from the SOS detail (docs/call-out.md)', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.closeAllOpenSos();
  });

  test('an operator records two calls with two clicks; a second console shows both within a second; the figures', async ({
    page,
    browser,
    signIn,
    people,
    fleet,
    admin: api,
  }) => {
    test.setTimeout(150_000); // two browsers
    const { sim, device } = await fleet.add(`Ciondolo Ferraro ${uid('d')}`);
    await api.putProfile(device.id, PROFILE);
    await signIn();
    const colleague = await liveDashboard(page);

    const employee = await people.create({ role: 'EMPLOYEE' });
    const other = await browser.newContext();
    try {
      const operatorPage = await other.newPage();
      await seedStorage(
        operatorPage,
        sessionStorageItems(await login(employee.username, employee.password)),
      );
      const operator = await liveDashboard(operatorPage);
      await raiseSos(sim);
      await expect(operator.closeButton(device.displayName)).toBeVisible();
      await expect(colleague.closeButton(device.displayName)).toBeVisible();

      await colleague.detailButton(device.displayName).click();
      const colleagueDetail = new SosDetail(page);
      await colleagueDetail.waitOpen();
      await operator.detailButton(device.displayName).click();
      const detail = new SosDetail(operatorPage);
      await detail.waitOpen();
      const calls = new CallOut(operatorPage, detail.dialog);
      await expect(calls.row('Giuseppina Ferraro')).toContainText('+39 011 555 0101');
      await expect(
        calls.row('Marco Ferraro').getByRole('link', { name: '+39 333 123 4567' }),
      ).toHaveAttribute('href', 'tel:+393331234567');

      // Click one: the resident does not answer; the first contact is now the one to call.
      expect(await calls.record('Giuseppina Ferraro', 'Non risponde')).toBe(201);
      await expect(calls.row('Giuseppina Ferraro')).toContainText('Non risponde');
      await expect(calls.row('Marco Ferraro')).toContainText('Da chiamare ora');
      await expect(colleagueDetail.timeline).toContainText(
        'Giuseppina Ferraro +39 011 555 0101: Non risponde',
        {
          timeout: 1000,
        },
      );
      await expectNoSeriousA11yViolations(operatorPage, 'SOS detail with the call-out');

      // Click two: the son answers.
      expect(await calls.record('Marco Ferraro', 'Risponde')).toBe(201);
      await expect(colleagueDetail.timeline).toContainText(
        'Marco Ferraro +39 333 123 4567: Risponde',
        {
          timeout: 1000,
        },
      );
      await expect(colleagueDetail.timeline).toContainText(`Chiamata da ${employee.username}`);
      await expect(detail.timeline).toContainText('Marco Ferraro +39 333 123 4567: Risponde');
      await expect(calls.row('Marco Ferraro')).not.toContainText('Da chiamare ora');
      // The colleague's own call-out shows the last results too.
      const colleagueCalls = new CallOut(page, colleagueDetail.dialog);
      await expect(colleagueCalls.row('Marco Ferraro')).toContainText('Ultimo esito: Risponde');

      // The manager's figures: as the server computes them over the last 7 days.
      await colleagueDetail.back.click();
      const stats = await api.stats();
      expect(stats.callsPerSos).toBeGreaterThan(0);
      expect(stats.contactReachedPct).not.toBeNull();
      const figures = new StatsPage(page);
      await figures.goto();
      const it = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
      await expect(figures.value('stats.callsPerSos')).toHaveText(it.format(stats.callsPerSos!));
      await expect(figures.value('stats.contactReached')).toHaveText(
        new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 1 }).format(
          stats.contactReachedPct! / 100,
        ),
      );
    } finally {
      await other.close();
    }
  });
});
