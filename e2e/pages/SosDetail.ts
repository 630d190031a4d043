import { expect, type Locator, type Page } from '@playwright/test';

/** An SOS's detail dialog ("Dettaglio", docs/alarm-handling.md), opened from its alert card. */
export class SosDetail {
  readonly dialog: Locator;
  readonly takeCharge: Locator;
  readonly takeOver: Locator;
  readonly timeline: Locator;
  readonly note: Locator;
  readonly addNote: Locator;
  readonly outcome: Locator;
  readonly closingNote: Locator;
  readonly close: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Dettaglio/ });
    this.takeCharge = this.dialog.getByRole('button', { name: 'Prendi in carico' });
    this.takeOver = this.dialog.getByRole('button', { name: 'Subentra' });
    this.timeline = this.dialog.getByRole('list', { name: 'Cronologia' });
    this.note = this.dialog.getByRole('textbox', { name: 'Nota', exact: true });
    this.addNote = this.dialog.getByRole('button', { name: 'Aggiungi nota' });
    this.outcome = this.dialog.getByRole('combobox', { name: 'Esito' });
    this.closingNote = this.dialog.getByRole('textbox', { name: 'Nota di chiusura' });
    this.close = this.dialog.getByRole('button', { name: 'Chiudi SOS' });
    this.back = this.dialog.getByRole('button', { name: 'Indietro' });
  }

  async waitOpen(): Promise<void> {
    await expect(this.dialog).toBeVisible();
  }

  async chooseOutcome(label: string): Promise<void> {
    await this.outcome.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }
}
