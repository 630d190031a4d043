import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What is expected of a device, in its "Scheda assistito" (docs/expected-events.md "Console"):
 * check-in windows ("Aggiungi finestra", "Dalle", "Alle"), "Supervisione" and "Test periodico
 * ogni (ore)".
 */
export class ExpectationsForm {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  /** Opens the card's "Scheda assistito". */
  async open(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Scheda assistito' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** A window on every day (the form's default), from–to as HH:mm. */
  async addWindow(from: string, to: string): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Aggiungi finestra' }).click();
    const window = this.dialog.getByTestId('check-in-window').last();
    await window.getByLabel('Dalle', { exact: true }).fill(from);
    await window.getByLabel('Alle', { exact: true }).fill(to);
  }

  async setSupervisionMinutes(minutes: number): Promise<void> {
    await this.dialog
      .getByRole('textbox', { name: 'Supervisione', exact: true })
      .fill(String(minutes));
  }

  async setTestIntervalHours(hours: number): Promise<void> {
    await this.dialog.getByLabel('Test periodico ogni (ore)').fill(String(hours));
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Salva' }).click();
    await expect(this.dialog).toBeHidden();
  }
}
