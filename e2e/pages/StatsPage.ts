import { expect, type Locator, type Page } from '@playwright/test';

/** /sos/stats (docs/alarm-handling.md "Reports"): headline figures, two charts, the operators' table. */
export class StatsPage {
  readonly heading: Locator;
  readonly dailyChart: Locator;
  readonly outcomesChart: Locator;
  readonly operators: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Statistiche' });
    this.dailyChart = page.locator('[data-chart="stats.dailyChart"]');
    this.outcomesChart = page.locator('[data-chart="stats.outcomesChart"]');
    this.operators = page.getByRole('table', { name: 'Per operatore' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/sos/stats');
    await expect(this.heading).toBeVisible();
    await expect(this.figure('stats.total')).toBeVisible();
  }

  /** A headline figure's card, by its message id (language-independent). */
  figure(id: string): Locator {
    return this.page.locator(`[data-figure="${id}"]`);
  }

  /** The big number of a headline figure. */
  value(id: string): Locator {
    return this.figure(id).locator('p').nth(1);
  }

  operatorRow(username: string): Locator {
    return this.operators
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });
  }
}
