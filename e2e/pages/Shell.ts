import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame (docs/console.md Main layout), the snackbar and confirmation dialogs. */
export class Shell {
  readonly topBar: Locator;
  readonly openMenuButton: Locator;
  readonly optionsButton: Locator;
  readonly drawer: Locator;
  readonly nav: Locator;
  readonly closeMenuButton: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.topBar = page.getByRole('banner');
    this.openMenuButton = page.getByRole('button', { name: 'Apri il menu di navigazione' });
    this.optionsButton = page.getByRole('button', { name: 'Opzioni' });
    this.nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    this.drawer = page.locator('.MuiDrawer-paper');
    this.closeMenuButton = page.getByRole('button', { name: 'Chiudi il menu di navigazione' });
    this.main = page.locator('main');
  }

  /** Opens the dashboard (/sos) in a signed-in page: its frame. */
  static async atSos(page: Page): Promise<Shell> {
    await page.goto('/sos');
    return new Shell(page);
  }

  /** The sidebar entries' labels, in order. */
  async entryLabels(): Promise<string[]> {
    await expect(this.nav.getByRole('button').first()).toBeVisible();
    return this.nav.getByRole('button').allInnerTexts();
  }

  entry(label: string): Locator {
    return this.nav.getByRole('button', { name: label, exact: true });
  }

  async openOptions(): Promise<Locator> {
    await this.optionsButton.click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  async logout(): Promise<void> {
    const menu = await this.openOptions();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
  }

  /** The transient message (docs/console.md Snackbar) showing `text`. */
  snackbar(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** Off the dashboard: "SOS da gestire: {n}", a link to it (docs/alarm-handling.md). */
  sosBanner(): Locator {
    return this.page.getByRole('link', { name: /^SOS da gestire: \d+$/ });
  }

  /** The open confirmation dialog. */
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }
}
