import { expect, type Locator, type Page } from '@playwright/test';

/** /sos/history (docs/console.md History): the closed SOS grid. */
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
    // The first visit loads the DataGrid's chunk; on a busy 2-core machine that took over 10 s.
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  /** Shows one device's SOS only (the "Dispositivo" filter). */
  async filterByDevice(displayName: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Dispositivo' }).click();
    await this.page.getByRole('option', { name: displayName, exact: true }).click();
  }

  /** "Dal" or "Al": a day typed as the console's language writes it. */
  dateField(label: 'Dal' | 'Al'): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** Clicks "Esporta CSV", then "CSV" or "CSV per Excel", and answers the downloaded file's text. */
  async exportCsv(
    choice: 'CSV' | 'CSV per Excel' = 'CSV',
  ): Promise<{ filename: string; text: string }> {
    await this.page.getByRole('button', { name: 'Esporta CSV' }).click();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('menuitem', { name: choice, exact: true }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { filename: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /**
   * Shows the columns hidden so that the grid fits 1440 px (docs/shift.md): a column's menu,
   * "Gestisci colonne", "Mostra/Nascondi Tutto".
   */
  async showAllColumns(): Promise<void> {
    const header = this.grid.getByRole('columnheader', { name: 'Stato' });
    await header.hover();
    await header.getByRole('button').click();
    await this.page.getByRole('menuitem', { name: 'Gestisci colonne' }).click();
    await this.page.getByRole('checkbox', { name: 'Mostra/Nascondi Tutto' }).check();
    await this.page.keyboard.press('Escape');
    await expect(this.grid.getByRole('columnheader', { name: 'Chiamate' })).toBeVisible();
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
