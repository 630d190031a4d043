import type { Locator, Page } from '@playwright/test';

/** DESIGN §6 on the dashboard: the technical alarm list, and the resident profile form. */
export class HealthPanel {
  readonly alarms: Locator;
  readonly offlineList: Locator;
  readonly profileDialog: Locator;

  constructor(readonly page: Page) {
    this.alarms = page.getByTestId('technical-alarms');
    this.offlineList = page.getByTestId('offline-list');
    this.profileDialog = page.getByRole('dialog');
  }

  /** The "Non raggiungibile" entry of a device (its name and "da HH:mm"). */
  offline(displayName: string): Locator {
    return this.offlineList.getByRole('listitem').filter({ hasText: displayName });
  }

  deletedSos(displayName: string): Locator {
    return this.alarms.getByRole('alert').filter({ hasText: `SOS da dispositivo eliminato: ${displayName}` });
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
    return this.page.getByRole('listitem').filter({ hasText: displayName }).getByRole('button', { name: 'Ripristina' });
  }
}
