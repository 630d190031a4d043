import type { Locator, Page } from '@playwright/test';

declare global {
  interface Window {
    __e2eNotifications?: string[];
  }
}

const STREAM_LOST = 'Connessione persa: gli SOS potrebbero non arrivare';

/**
 * What a console left alone shows outside its page: the tab title, system notifications
 * (recorded by a stand-in Notification, permission granted), a hidden tab (docs/shift.md).
 */
export class ShiftProbe {
  readonly streamLost: Locator;

  constructor(readonly page: Page) {
    this.streamLost = page.getByRole('alert').filter({ hasText: STREAM_LOST });
  }

  /** Before the page loads: notifications granted and recorded. */
  async recordNotifications(): Promise<void> {
    await this.page.addInitScript(() => {
      window.__e2eNotifications = [];
      class Recorder {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        onclick: (() => void) | null = null;
        constructor(title: string) {
          window.__e2eNotifications?.push(title);
        }
      }
      Object.defineProperty(window, 'Notification', { configurable: true, value: Recorder });
    });
  }

  notifications(): Promise<string[]> {
    return this.page.evaluate(() => window.__e2eNotifications ?? []);
  }

  /** The tab as the browser sees it when the operator looks at another one. */
  async hideTab(): Promise<void> {
    await this.page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => 'hidden',
      });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  }

  /** The titles the tab shows over `ms` (sampled). */
  async titlesOver(ms: number): Promise<string[]> {
    const seen = new Set<string>();
    const end = Date.now() + ms;
    while (Date.now() < end) {
      seen.add(await this.page.title());
      await this.page.waitForTimeout(150);
    }
    return [...seen];
  }
}
