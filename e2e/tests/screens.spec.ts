import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { raiseSos } from '../support/devices.js';
import { seedStorage, test, type Preferences } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

const VARIANTS: { name: string; prefs: Required<Preferences> }[] = [
  { name: 'it', prefs: { language: 'it', theme: 'light' } },
  { name: 'ar', prefs: { language: 'ar', theme: 'light' } },
  { name: 'dark', prefs: { language: 'it', theme: 'dark' } },
];

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Every screen in Italian, Arabic (right to left) and the dark theme: no serious or
 * critical accessibility violation, and a screenshot under artifacts/screenshots/.
 * Selectors here do not depend on the language.
 */
for (const { name, prefs } of VARIANTS) {
  test(`every screen, ${name}: accessible, and photographed`, async ({
    page,
    signIn,
    fleet,
    people,
    admin,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const shoot = async (screen: string) => {
      await page.screenshot({ path: `${SHOTS}${name}-${screen}.png`, animations: 'disabled' });
      await expectNoSeriousA11yViolations(page, `${name} ${screen}`);
    };
    const heading = page.getByRole('heading', { level: 1 });

    // Data worth looking at: plain and alert cards, users, a closed SOS.
    await admin.closeAllOpenSos();
    const tag = uid('s').slice(-4);
    const plain: { displayName: string }[] = [];
    for (const room of ['Reception', 'Magazzino', 'Sala riunioni', 'Ingresso nord']) {
      plain.push((await fleet.add(`${room} ${tag}`)).device);
    }
    const closed = await fleet.add(`Laboratorio ${tag}`);
    await admin.closeSos((await raiseSos(closed.sim)).id);
    for (const room of ['Ascensore B', 'Parcheggio'])
      await raiseSos((await fleet.add(`${room} ${tag}`)).sim);
    await people.create();
    await people.create();

    await seedStorage(page, { language: prefs.language, 'current-theme': prefs.theme });
    await page.goto('/login');
    await expect(page.locator('input[name="password"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute(
      'dir',
      prefs.language === 'ar' ? 'rtl' : 'ltr',
    );
    await shoot('01-login');

    await signIn();
    await page.goto('/sos');
    await expect(heading).toBeVisible();
    await shoot('02-dashboard-audio-prompt');
    await heading.click();
    await expect(page.getByRole('main').locator('div[role="list"]')).toBeVisible();
    await expect(page.locator('[role="listitem"] time')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: plain[0]!.displayName })).toBeVisible();
    await expect(page.getByRole('status')).toHaveClass(/colorSuccess/);
    await shoot('03-dashboard-alerts');

    // Any language: the plain card's delete button comes after its profile button (docs/alarm-handling.md).
    await page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: plain[0]!.displayName })
      .getByRole('button')
      .last()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot('04-dashboard-delete-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/users');
    await expect(page.locator('[role="row"][data-rowindex]').first()).toBeVisible();
    await shoot('05-users');

    await page.locator('[role="row"][data-rowindex]').first().getByRole('button').first().click();
    await expect(page.locator('input[name="username"]')).not.toHaveValue('');
    await shoot('06-user-edit');

    await page.goto('/user');
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('input[name="username"]')).toHaveAttribute('aria-invalid', 'true');
    await shoot('07-user-new-invalid');

    await page.goto('/sos/history');
    await expect(page.locator('[role="row"][data-rowindex]').first()).toBeVisible();
    await shoot('08-history');

    await page.goto('/settings');
    await expect(page.locator('input[name="apiKey"]')).not.toHaveValue('');
    await shoot('09-settings');
    await page.locator('input[name="apiKey"]').fill('a-key-never-saved');
    // The API key's own form: the alarm settings below have a 'Salva' of their own.
    await page
      .locator('form')
      .filter({ has: page.locator('input[name="apiKey"]') })
      .locator('button[type="submit"]')
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot('10-settings-confirm-dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await openMenus(page, shoot);
  });
}

/** The drawer on a smaller screen and the options menu. */
async function openMenus(page: Page, shoot: (screen: string) => Promise<void>) {
  await page.getByRole('banner').getByRole('button').last().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shoot('11-options-menu');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/sos');
  await page.getByRole('banner').getByRole('button').first().click();
  await expect(page.getByRole('navigation')).toBeVisible();
  await shoot('12-drawer-small-screen');
}
