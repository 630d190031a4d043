import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { raiseSos } from '../support/devices.js';
import { expect, seedStorage, test } from '../support/fixtures.js';
import { dateTimeSeconds } from '../support/format.js';
import { HistoryPage } from '../pages/HistoryPage.js';
import { StatsPage } from '../pages/StatsPage.js';

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** The rows of an RFC 4180 file whose fields hold no quotes or line breaks (these tests' names). */
const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

test.describe('reporting (docs/alarm-handling.md)', () => {
  test('the statistics page draws its figures, charts and operators from SOS made in the test', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const { sim } = await fleet.add();
    for (let i = 0; i < 3; i += 1) await admin.closeSos((await raiseSos(sim)).id);
    const stats = await admin.stats();
    expect(stats.total).toBeGreaterThanOrEqual(3);

    await signIn();
    const page_ = new StatsPage(page);
    await page_.goto();
    await expect(page_.value('stats.total')).toHaveText(
      new Intl.NumberFormat('it-IT').format(stats.total),
    );
    // Closed without acknowledgement: each close counts as the admin's acknowledgement.
    const admins = stats.byOperator.find((o) => o.username === 'admin');
    expect(admins?.acknowledged).toBeGreaterThanOrEqual(3);
    await expect(page_.operatorRow('admin')).toContainText(String(admins!.acknowledged));
    // The two series of the daily chart are drawn (today's point at least), the outcome bars named.
    await expect(page_.dailyChart.locator('path.MuiLineChart-line')).toHaveCount(2);
    await expect(
      page_.dailyChart.getByText(
        new RegExp(
          `^${new Date().toLocaleDateString('it-IT', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Rome' })}$`,
        ),
      ),
    ).toBeVisible();
    await expect(page_.outcomesChart.getByText('Falso allarme')).toBeVisible();
  });

  test('"Esporta CSV" downloads the rows of the grid, with its filters', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const { sim, device } = await fleet.add();
    for (let i = 0; i < 3; i += 1) await admin.closeSos((await raiseSos(sim)).id);

    await signIn();
    const history = new HistoryPage(page);
    await history.goto();
    await history.filterByDevice(device.displayName);
    await expect(history.rows).toHaveCount(3);
    const grid = await Promise.all((await history.rows.all()).map((row) => history.cells(row)));

    const { filename, text } = await history.exportCsv();
    expect(filename).toMatch(/^sos-history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = csvRows(text.slice(1));
    expect(header).toEqual([
      'id',
      'device',
      'kind',
      'raised',
      'acknowledged',
      'acknowledgedBy',
      'escalated',
      'closed',
      'closedBy',
      'outcome',
      'note',
      'calls',
    ]);
    expect(
      rows.map((r) => ({
        device: r[1],
        raised: dateTimeSeconds(r[3]!),
        closed: dateTimeSeconds(r[7]!),
        closedBy: r[8],
      })),
    ).toEqual(
      grid.map((cells) => ({
        device: cells.Dispositivo,
        raised: cells['Data di apertura'],
        closed: cells['Data di chiusura'],
        closedBy: cells['Chiuso da'],
      })),
    );

    // "CSV per Excel": ";", the grid's local times to the second, Italian words (docs/alarm-handling.md "Exports").
    const excel = await history.exportCsv('CSV per Excel');
    expect(excel.filename).toMatch(/^sos-history-\d{4}-\d{2}-\d{2}-excel\.csv$/);
    const [excelHeader, ...excelRows] = excel.text
      .slice(1)
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(';'));
    expect(excelHeader?.slice(0, 4)).toEqual(['ID', 'Dispositivo', 'Tipo', 'Data di apertura']);
    expect(
      excelRows.map((r) => ({ device: r[1], kind: r[2], raised: r[3], closed: r[7] })),
    ).toEqual(
      grid.map((cells) => ({
        device: cells.Dispositivo,
        kind: 'Allarme personale',
        raised: cells['Data di apertura'],
        closed: cells['Data di chiusura'],
      })),
    );
  });

  test.describe('screenshots', () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    for (const { name, language, theme } of [
      { name: 'it-light', language: 'it', theme: 'light' },
      { name: 'ar-dark', language: 'ar', theme: 'dark' },
    ] as const) {
      test(`the statistics page, ${name}: accessible, and photographed`, async ({
        page,
        signIn,
        fleet,
        admin,
      }) => {
        const { sim } = await fleet.add();
        for (let i = 0; i < 2; i += 1) await admin.closeSos((await raiseSos(sim)).id);
        await seedStorage(page, { language, 'current-theme': theme });
        await signIn();
        await page.goto('/sos/stats');
        await expect(page.locator('[data-chart="stats.dailyChart"] svg').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          language === 'ar' ? 'rtl' : 'ltr',
        );
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({
          path: `${SHOTS}stats-${name}.png`,
          fullPage: true,
          animations: 'disabled',
        });
        await expectNoSeriousA11yViolations(page, `stats ${name}`);
      });
    }
  });
});
