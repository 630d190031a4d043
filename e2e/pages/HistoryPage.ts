import { expect, type Locator, type Page } from '@playwright/test';

/** /sos/history (spec §2 History): the closed SOS grid. */
export class HistoryPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Storico' });
    this.grid = page.getByRole('grid', { name: 'Storico' });
    this.rows = this.grid.locator('[role="row"][data-rowindex]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sos/history');
    await expect(this.heading).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  columnHeaders(): Promise<string[]> {
    return this.grid.getByRole('columnheader').allInnerTexts();
  }

  /** The rows of one device (its name is unique to the test). */
  rowsOf(displayName: string): Locator {
    return this.rows.filter({
      has: this.page.getByRole('gridcell', { name: displayName, exact: true }),
    });
  }

  /** A row's cell texts, by column header. */
  async cells(row: Locator): Promise<Record<string, string>> {
    const headers = await this.columnHeaders();
    const texts = await row.getByRole('gridcell').allInnerTexts();
    return Object.fromEntries(headers.map((header, i) => [header.trim(), (texts[i] ?? '').trim()]));
  }
}
