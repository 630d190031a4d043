import {
  expect,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import type { PushPayload } from '@sos/contract';
import { E2E } from '../env.js';
import { Shell } from './Shell.js';

/** What a notification the service worker showed looks like from the page. */
export interface ShownNotification {
  title: string;
  tag: string;
  dir: string;
  data: { url: string; sosId: number | null; deviceId: number };
}

/** The installable console's service worker and "Notifiche su questo dispositivo" (docs/push.md). */
export class PushNotifications {
  constructor(readonly page: Page) {}

  /** The menu entry, in the open options menu. */
  async menuEntry(name: string | RegExp = /Notifiche su questo dispositivo/): Promise<Locator> {
    const menu = await new Shell(this.page).openOptions();
    return menu.getByRole('menuitemcheckbox', { name });
  }

  /** The service worker's registration as the page sees it, or null. */
  registration(): Promise<{ scope: string; script: string | null } | null> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      if (!registration) return null;
      const worker = registration.active ?? registration.waiting ?? registration.installing;
      return { scope: registration.scope, script: worker?.scriptURL ?? null };
    });
  }

  async waitActive(): Promise<void> {
    await this.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  }

  /** Delivers a push to the service worker through the DevTools protocol, as a push service would. */
  async deliver(payload: PushPayload): Promise<void> {
    const cdp: CDPSession = await this.page.context().newCDPSession(this.page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${E2E.baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E.baseURL,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await cdp.detach();
  }

  /** The notifications the service worker shows now. */
  notifications(): Promise<ShownNotification[]> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        tag: n.tag,
        dir: n.dir,
        data: n.data as ShownNotification['data'],
      }));
    });
  }

  async waitForNotification(title: string): Promise<ShownNotification> {
    await expect
      .poll(async () => (await this.notifications()).map((n) => n.title))
      .toContain(title);
    return (await this.notifications()).find((n) => n.title === title)!;
  }

  /** The service worker itself (Playwright's handle on it). */
  static async worker(context: BrowserContext): Promise<Worker> {
    const [running] = context.serviceWorkers();
    return running ?? context.waitForEvent('serviceworker');
  }

  /**
   * A click on the notification: runs the worker's own click handler logic (the DevTools
   * protocol cannot click a system notification) with the notification's data.
   */
  static async click(context: BrowserContext, tag: string): Promise<void> {
    const worker = await PushNotifications.worker(context);
    await worker.evaluate(async (wanted) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        openConsole(url: string): Promise<void>;
      };
      const [notification] = await scope.registration.getNotifications({ tag: wanted });
      if (!notification) throw new Error(`no notification ${wanted}`);
      notification.close();
      await scope.openConsole((notification.data as { url: string }).url);
    }, tag);
  }
}
