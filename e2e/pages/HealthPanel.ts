import type { Locator, Page } from '@playwright/test';

/** The dashboard's "Allarmi tecnici" list (one line per alarm), and the resident profile form. */
export class HealthPanel {
  readonly alarms: Locator;
  readonly offlineList: Locator;
  readonly profileDialog: Locator;

  constructor(readonly page: Page) {
    this.alarms = page.getByTestId('technical-alarms');
    // One list for every technical alarm now ("Allarmi tecnici"); offline devices are lines of it.
    this.offlineList = this.alarms;
    this.profileDialog = page.getByRole('dialog');
  }

  /** The "Non raggiungibile" line of a device (its name and "da HH:mm"). */
  offline(displayName: string): Locator {
    return this.line('Non raggiungibile', displayName);
  }

  deletedSos(displayName: string): Locator {
    return this.alarms
      .getByRole('listitem')
      .filter({ hasText: `SOS da dispositivo eliminato: ${displayName}` });
  }

  /** A line of the list: what ("Batteria scarica"…) and the device. */
  line(what: string, displayName: string): Locator {
    return this.alarms
      .getByRole('listitem')
      .filter({ hasText: what })
      .filter({ hasText: displayName });
  }

  profileButton(card: Locator): Locator {
    return card.getByRole('button', { name: 'Scheda assistito' });
  }

  field(label: string, nth = 0): Locator {
    return this.profileDialog.getByLabel(label, { exact: true }).nth(nth);
  }
}

/** /devices/deleted: "Dispositivi eliminati" with "Ripristina". */
export class DeletedDevicesPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/devices/deleted');
  }

  restoreButton(displayName: string): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ hasText: displayName })
      .getByRole('button', { name: 'Ripristina' });
  }
}
