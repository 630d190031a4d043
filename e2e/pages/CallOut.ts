import type { Locator, Page } from '@playwright/test';
import { apiPath } from '@sos/contract/paths';

/** The call-out in an SOS's detail (docs/call-out.md): one list item per number to call. */
export class CallOut {
  readonly list: Locator;

  constructor(
    readonly page: Page,
    dialog: Locator = page.getByRole('dialog'),
  ) {
    this.list = dialog.getByRole('list', { name: 'Chiamate' });
  }

  /** The item of a callee, by (part of) the name shown. */
  row(name: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: name });
  }

  /** The button of one result ("Risponde", "Non risponde", …) in a callee's item. */
  result(name: string, label: string): Locator {
    return this.row(name).getByRole('group').getByRole('button', { name: label, exact: true });
  }

  /** Clicks a result and waits for the server's answer; resolves to its status. */
  async record(name: string, label: string): Promise<number> {
    const answered = this.page.waitForResponse((r) => r.url().includes(apiPath('sosCall')));
    await this.result(name, label).click();
    return (await answered).status();
  }
}
