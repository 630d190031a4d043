import { expect, type Locator, type Page } from '@playwright/test';

export const CHANGE_KEY_WARNING =
  'Cambiando la api key tutti i dispositivi registrati perderanno la configurazione, sei sicuro di voler procedere?';

/** /settings (docs/console.md Settings): the apiKey field, Save and Cancel. */
export class SettingsPage {
  readonly heading: Locator;
  readonly apiKey: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  /** docs/security.md: shown under the field for a key shorter than 16 characters. */
  readonly weakKey: Locator;
  /** The "Ricevitori" block: one line per protocol (DC-09, SCAIP) with its state. */
  readonly receivers: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Impostazioni' });
    this.apiKey = page.locator('input[name="apiKey"]');
    // The API key's own form: the alarm settings below it have a 'Salva' of their own (docs/alarm-handling.md).
    const form = page.locator('form').filter({ has: this.apiKey });
    this.save = form.getByRole('button', { name: 'Salva' });
    this.cancel = form.getByRole('button', { name: 'Annulla' });
    this.weakKey = page.getByRole('status').filter({ hasText: 'Chiave debole' });
    this.receivers = page.getByRole('region', { name: 'Ricevitori' });
  }

  receiver(protocol: 'DC09' | 'SCAIP'): Locator {
    return this.receivers.getByTestId(`receiver-${protocol}`);
  }

  async goto(expectedKey: string): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.heading).toBeVisible();
    await expect(this.apiKey).toHaveValue(expectedKey);
  }
}
