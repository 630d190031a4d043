import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PushPayload } from '@sos/contract';
import { E2E } from '../env.js';
import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { PushNotifications } from '../pages/PushNotifications.js';
import { SosDetail } from '../pages/SosDetail.js';

const SHOTS = fileURLToPath(new URL('../artifacts/push/', import.meta.url));

test.describe('installable console and Web Push (docs/push.md)', () => {
  test('the login page registers no service worker; signed in, /sw.js is registered at scope /', async ({
    page,
    signIn,
  }) => {
    const push = new PushNotifications(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    expect(await push.registration()).toBeNull();
    await signIn();
    await page.goto('/sos');
    await push.waitActive();
    expect(await push.registration()).toEqual({
      scope: `${E2E.baseURL}/`,
      script: `${E2E.baseURL}/sw.js`,
    });
  });

  test('the manifest makes it installable: standalone, 192 and 512 px PNG icons, maskable too', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(href!)).json()) as {
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/sos',
      name: 'SOS Console',
    });
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find(
          (i) => i.sizes === `${size}x${size}` && i.purpose === purpose,
        );
        expect(icon?.type).toBe('image/png');
        const png = await (await request.get(icon!.src)).body();
        // PNG header: width and height, big-endian, at bytes 16 and 20.
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
      }
    }
  });

  test('a push shows a notification with the device’s name; its click opens the SOS detail', async ({
    page,
    context,
    signIn,
    fleet,
    admin,
  }) => {
    await admin.closeAllOpenSos();
    await context.grantPermissions(['notifications'], { origin: E2E.baseURL });
    const name = `Casa Rossi ${uid('p').slice(-4)}`;
    const { sim, device } = await fleet.add(name);
    const sos = await raiseSos(sim);
    await signIn();
    await page.goto('/users');
    const push = new PushNotifications(page);
    await push.waitActive();
    const payload: PushPayload = {
      type: 'NEW_SOS',
      sosId: sos.id,
      deviceId: device.id,
      deviceName: name,
      kind: null,
      at: sos.dateCreated,
    };
    await push.deliver(payload);
    const shown = await push.waitForNotification(`SOS: ${name}`);
    expect(shown).toMatchObject({
      tag: `sos-${sos.id}`,
      data: { url: `/sos?sos=${sos.id}&device=${device.id}` },
    });
    // An escalation of the same SOS replaces it (same tag), in words of its own.
    await push.deliver({ ...payload, type: 'SOS_ESCALATED' });
    await push.waitForNotification(`In ritardo: ${name}`);
    expect((await push.notifications()).filter((n) => n.tag === `sos-${sos.id}`)).toHaveLength(1);

    await PushNotifications.click(context, `sos-${sos.id}`);
    await expect(page).toHaveURL(new RegExp(`/sos\\?sos=${sos.id}&device=${device.id}$`));
    // The dashboard shows its board after the click that enables the sound (spec): then the detail.
    await page.locator('h1').first().click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    await expect(detail.dialog).toContainText(name);
    await expect(page).toHaveURL(/\/sos$/);
  });

  test('the notifications speak the language the console last used', async ({
    page,
    context,
    signIn,
  }) => {
    await context.grantPermissions(['notifications'], { origin: E2E.baseURL });
    await signIn(undefined, { language: 'ar' });
    await page.goto('/sos');
    const push = new PushNotifications(page);
    await push.waitActive();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The console hands the worker its texts once the Arabic catalogue is on screen.
    await expect
      .poll(async () => {
        await push.deliver({
          type: 'DEVICE_OFFLINE',
          sosId: null,
          deviceId: 424242,
          deviceName: 'Sensore 7',
          kind: null,
          at: new Date().toISOString(),
        });
        return (await push.notifications()).find((n) => n.tag === 'off-424242');
      })
      .toMatchObject({ title: 'تعذّر الوصول: Sensore 7', dir: 'rtl' });
  });

  test('menu entry screenshots: Italian light, Arabic dark', async ({ page, signIn }) => {
    mkdirSync(SHOTS, { recursive: true });
    await signIn(undefined, { language: 'it', theme: 'light' });
    await page.goto('/sos');
    const push = new PushNotifications(page);
    const entry = await push.menuEntry();
    await expect(entry).toContainText('Notifiche su questo dispositivo');
    await page.screenshot({ path: `${SHOTS}menu-it-light.png`, animations: 'disabled' });
    await expectNoSeriousA11yViolations(page, 'options menu with notifications, it light');
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      localStorage.setItem('language', 'ar');
      localStorage.setItem('current-theme', 'dark');
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByRole('banner').getByRole('button').last().click();
    await expect(
      page.getByRole('menuitemcheckbox', { name: /الإشعارات على هذا الجهاز/ }),
    ).toBeVisible();
    await page.screenshot({ path: `${SHOTS}menu-ar-dark.png`, animations: 'disabled' });
    await expectNoSeriousA11yViolations(page, 'options menu with notifications, ar dark');
  });
});
