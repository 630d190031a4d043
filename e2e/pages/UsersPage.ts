import { expect, type Locator, type Page } from '@playwright/test';

/** /users (docs/console.md Users list): the grid, its pagination and the New user button. */
export class UsersPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly rows: Locator;
  readonly newButton: Locator;
  readonly nextPage: Locator;
  readonly previousPage: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Gestione utenti' });
    this.grid = page.getByRole('grid', { name: 'Gestione utenti' });
    // Body rows only (the header row has no data-rowindex).
    this.rows = this.grid.locator('[role="row"][data-rowindex]');
    this.newButton = page.getByRole('button', { name: 'Nuovo' });
    this.nextPage = page.getByRole('button', { name: 'Vai alla pagina successiva' });
    this.previousPage = page.getByRole('button', { name: 'Vai alla pagina precedente' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/users');
    await this.waitLoaded();
  }

  async waitLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(username: string): Locator {
    return this.rows.filter({
      has: this.page.getByRole('gridcell', { name: username, exact: true }),
    });
  }

  /** Pages forward until `username`'s row is shown (the list may span pages). */
  async findRow(username: string): Promise<Locator> {
    const row = this.row(username);
    while (!(await row.isVisible()) && (await this.nextPage.isEnabled())) {
      await this.nextPage.click();
    }
    await expect(row).toBeVisible();
    return row;
  }

  editButton(username: string): Locator {
    return this.row(username).getByLabel(`Modifica ${username}`, { exact: true });
  }

  deleteButton(username: string): Locator {
    return this.row(username).getByLabel(`Elimina ${username}`, { exact: true });
  }

  columnHeaders(): Promise<string[]> {
    return this.grid.getByRole('columnheader').allInnerTexts();
  }
}
