import { expect, type Locator, type Page } from '@playwright/test';
import { Shell } from './Shell.js';

/** /audit, "Registro attività": who did what, when, from where. */
export class AuditPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Registro attività' });
    this.grid = page.getByRole('grid', { name: 'Registro attività' });
    this.rows = this.grid.locator('[role="row"][data-rowindex]');
  }

  /** Opens it from the sidebar, as a user would (opening the menu first on a narrow screen). */
  async open(): Promise<void> {
    const shell = new Shell(this.page);
    if (!(await shell.entry('Registro attività').isVisible())) await shell.openMenuButton.click();
    await shell.entry('Registro attività').click();
    // The first visit loads the DataGrid's chunk: slow on a busy 2-core machine.
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
    await expect(this.rows.first()).toBeVisible({ timeout: 30_000 });
  }

  /** Shows one action only (the "Azione" filter), by its name in words. */
  async filterByAction(name: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Azione' }).click();
    await this.page.getByRole('option', { name, exact: true }).click();
  }

  /** Clicks "Esporta CSV", then "CSV" or "CSV per Excel", and answers the downloaded file's name and text. */
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

  /** A row's cell texts, by column header. */
  async cells(row: Locator): Promise<Record<string, string>> {
    const headers = await this.grid.getByRole('columnheader').allInnerTexts();
    const texts = await row.getByRole('gridcell').allInnerTexts();
    return Object.fromEntries(headers.map((header, i) => [header.trim(), (texts[i] ?? '').trim()]));
  }
}
