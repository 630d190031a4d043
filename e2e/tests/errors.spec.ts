import type { Page } from '@playwright/test';
import { raiseSos } from '../support/devices.js';
import { consoleErrors, failCall } from '../support/failures.js';
import { expect, test } from '../support/fixtures.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SettingsPage } from '../pages/SettingsPage.js';
import { Shell } from '../pages/Shell.js';
import { UserFormPage } from '../pages/UserFormPage.js';
import { UsersPage } from '../pages/UsersPage.js';

const UNEXPECTED = 'Errore inaspettato!';

async function expectUnexpectedError(page: Page, logs: string[], refused: { count: () => number }) {
  await expect(new Shell(page).snackbar(UNEXPECTED)).toBeVisible();
  // A filled error alert (docs/console.md Snackbar).
  await expect(new Shell(page).snackbar(UNEXPECTED)).toHaveClass(/MuiAlert-filled( |$)/);
  await expect(new Shell(page).snackbar(UNEXPECTED)).toHaveClass(/MuiAlert-colorError/);
  expect(refused.count()).toBeGreaterThan(0);
  expect(logs.some((line) => line.includes('API call failed'))).toBe(true);
}

test.describe('"Errore inaspettato!" on a failed load (docs/console.md)', () => {
  // The path each screen loads from (the user fetch loads the signed-in admin).
  const loads: { what: string; path: RegExp; screen: (adminId: number) => string }[] = [
    {
      what: 'user list',
      path: /^\/api\/employee$/,
      screen: () => '/users',
    },
    {
      what: 'user fetch',
      path: /^\/api\/employee\/\d+$/,
      screen: (adminId) => `/user/${adminId}`,
    },
    {
      what: 'SOS history',
      path: /^\/api\/sos\/history$/, // the history pages on the server (docs/security.md)
      screen: () => '/sos/history',
    },
    {
      what: 'API key get',
      path: /^\/api\/conf\/apiKey$/,
      screen: () => '/settings',
    },
  ];
  for (const { what, path, screen } of loads) {
    test(what, async ({ page, signIn }) => {
      const auth = await signIn();
      const logs = consoleErrors(page);
      const refused = await failCall(page, 'GET', path);
      await page.goto(screen(auth.id));
      await expectUnexpectedError(page, logs, refused);
    });
  }

  test('devices: the dashboard says so and loads again on request', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { device } = await fleet.add();
    await signIn();
    const refused = await failCall(page, 'GET', /^\/api\/device\/getAll$/);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(new Shell(page).snackbar(UNEXPECTED)).toBeVisible();
    await dashboard.enableAudio();
    await expect(page.getByText('Impossibile caricare i dispositivi')).toBeVisible();
    expect(refused.count()).toBeGreaterThan(0);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Riprova' }).click();
    await expect(dashboard.card(device.displayName)).toBeVisible();
  });
});

test.describe('"Errore inaspettato!" on a failed change (docs/console.md)', () => {
  test('user create', async ({ page, signIn }) => {
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'POST', /^\/api\/employee$/);
    const form = new UserFormPage(page);
    await form.gotoNew();
    await form.fill({
      username: 'never-created',
      email: 'never@example.com',
      password: 'password-1',
      confirmPassword: 'password-1',
    });
    await form.save.click();
    await expectUnexpectedError(page, logs, refused);
    await expect(page).toHaveURL(/\/user$/);
  });

  test('user update', async ({ page, signIn, people }) => {
    const user = await people.create();
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'PATCH', /^\/api\/employee\/\d+$/);
    const form = new UserFormPage(page);
    await form.gotoEdit(user.id, user.username);
    await form.email.fill('changed@example.com');
    await form.save.click();
    await expectUnexpectedError(page, logs, refused);
    await expect(page).toHaveURL(new RegExp(`/user/${user.id}$`));
  });

  test('user delete', async ({ page, signIn, people }) => {
    const user = await people.create();
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'DELETE', /^\/api\/employee\/\d+$/);
    const users = new UsersPage(page);
    await users.goto();
    await users.findRow(user.username);
    await users.deleteButton(user.username).click();
    await new Shell(page).dialog().getByRole('button', { name: 'Elimina' }).click();
    await expectUnexpectedError(page, logs, refused);
    await expect(users.row(user.username)).toBeVisible();
  });

  test('API key set', async ({ page, signIn, admin }) => {
    const key = await admin.apiKey();
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'POST', /^\/api\/conf\/apiKey$/);
    const settings = new SettingsPage(page);
    await settings.goto(key);
    await settings.apiKey.fill('never-saved-key');
    await settings.save.click();
    await new Shell(page).dialog().getByRole('button', { name: 'Cambia' }).click();
    await expectUnexpectedError(page, logs, refused);
    expect(await admin.apiKey()).toBe(key);
  });

  test('SOS close: the alert card stays', async ({ page, signIn, fleet }) => {
    const { sim, device } = await fleet.add();
    await raiseSos(sim);
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'PATCH', /^\/api\/sos\/close$/);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.closeButton(device.displayName).click();
    await expectUnexpectedError(page, logs, refused);
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
  });

  test('device delete: the card stays', async ({ page, signIn, fleet }) => {
    const { device } = await fleet.add(`0 Undeletable ${Date.now()}`);
    await signIn();
    const logs = consoleErrors(page);
    const refused = await failCall(page, 'DELETE', /^\/api\/device\/delete$/);
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.deleteButton(device.displayName).click();
    await new Shell(page).dialog().getByRole('button', { name: 'Elimina' }).click();
    await expectUnexpectedError(page, logs, refused);
    await expect(dashboard.card(device.displayName)).toBeVisible();
  });
});
