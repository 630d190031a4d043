import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { E2E } from '../env.js';
import { closeSosAs, login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { expect, seedStorage, test, type Preferences } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { LoginPage } from '../pages/LoginPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { Shell } from '../pages/Shell.js';

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const VARIANTS: { name: string; prefs: Required<Preferences> }[] = [
  { name: 'it', prefs: { language: 'it', theme: 'light' } },
  { name: 'dark', prefs: { language: 'it', theme: 'dark' } },
  { name: 'ar', prefs: { language: 'ar', theme: 'light' } },
];
const shoot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}trust-${name}.png`, animations: 'disabled' });
};

/** docs/security.md as an operator sees it: the console's side of the security and no-loss defaults. */
test.describe('trust (docs/security.md)', () => {
  for (const { name, prefs } of VARIANTS) {
    test(`two operators, one SOS: "SOS già chiuso da …", never "Errore inaspettato!", ${name}`, async ({
      page,
      signIn,
      fleet,
      people,
    }) => {
      const { sim, device } = await fleet.add(`0 Twice ${uid('d')}`);
      const sos = await raiseSos(sim);
      const colleague = await people.create();
      const colleagueToken = (await login(colleague.username, colleague.password)).access_token;
      await signIn(E2E.admin, prefs);
      const dashboard = new DashboardPage(page);
      await page.goto('/sos');
      await page.locator('h1').click();
      // The colleague's close lands just before this operator's.
      await page.route('**/api/sos/close**', async (route) => {
        await closeSosAs(colleagueToken, sos.id);
        await route.continue();
      });
      const card = page.getByRole('listitem').filter({ hasText: device.displayName });
      // The card's close button (docs/console.md) comes after its detail button (docs/alarm-handling.md).
      await card.getByRole('button').last().click();
      const shell = new Shell(page);
      const told =
        prefs.language === 'ar'
          ? `أغلق ${colleague.username} نداء الاستغاثة بالفعل`
          : `SOS già chiuso da ${colleague.username}`;
      await expect(shell.snackbar(told)).toBeVisible();
      await expect(shell.snackbar('Errore inaspettato!')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(1);
      if (name === 'it') await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
      await shoot(page, `already-closed-${name}`);
    });
  }

  for (const { name, prefs } of VARIANTS) {
    test(`a throttled login says how many seconds to wait, ${name}`, async ({ page, people }) => {
      const user = await people.create();
      for (let i = 0; i < 5; i++) {
        await fetch(`${E2E.baseURL}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: user.username, password: 'wrong-password' }),
        });
      }
      await seedStorage(page, { language: prefs.language, 'current-theme': prefs.theme });
      const form = new LoginPage(page);
      await form.goto();
      await form.username.fill(user.username);
      await form.password.fill(user.password);
      await page.locator('button[type="submit"]').click();
      const text =
        prefs.language === 'ar'
          ? /^محاولات كثيرة جدًا، أعد المحاولة بعد [٠-٩]+ ث$/
          : /^Troppi tentativi, riprova tra \d+ s$/;
      await expect(new Shell(page).snackbar(text)).toBeVisible();
      await shoot(page, `login-429-${name}`);
    });
  }

  for (const { name, prefs } of VARIANTS) {
    test(`settings warn "Chiave debole" under 16 characters, ${name}`, async ({
      page,
      signIn,
      admin,
    }) => {
      const key = await admin.apiKey();
      await signIn(E2E.admin, prefs);
      const settings = new SettingsPage(page);
      await page.goto('/settings');
      await expect(settings.apiKey).toHaveValue(key);
      await settings.apiKey.fill('short-key');
      const warning = page
        .getByRole('status')
        .filter({ hasText: prefs.language === 'ar' ? 'مفتاح ضعيف' : 'Chiave debole' });
      await expect(warning).toBeVisible();
      await shoot(page, `weak-key-${name}`);
      await settings.apiKey.fill('a-long-enough-device-key');
      await expect(warning).toHaveCount(0);
    });
  }
});
