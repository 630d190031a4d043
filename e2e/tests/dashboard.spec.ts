import type { Page } from '@playwright/test';
import { raiseSos, registerDevice } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { dateTime } from '../support/format.js';
import { uid } from '../support/unique.js';
import { AUDIO_PROMPT, DashboardPage } from '../pages/DashboardPage.js';
import { Shell } from '../pages/Shell.js';
import { apiPath } from '@sos/contract/paths';

/** Set before an event: still there afterwards means the page was not reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => Object.assign(window, { __e2eNoReload: true }));
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as { __e2eNoReload?: boolean }).__e2eNoReload === true);

test.describe('dashboard (docs/console.md Dashboard)', () => {
  test('heading, the audio prompt until a click, then the cards', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { device } = await fleet.add();
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await expect(page.getByRole('alert').filter({ hasText: AUDIO_PROMPT })).toBeVisible();
    await expect(dashboard.list).toBeHidden();
    await dashboard.enableAudio();
    await expect(dashboard.card(device.displayName)).toBeVisible();
  });

  test('the enabling click also clears the snackbar (docs/console.md)', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Accedi' }).click();
    const snackbar = new Shell(page).snackbar('Login avvenuta con successo');
    await expect(snackbar).toBeVisible();
    await new DashboardPage(page).enableAudio();
    await expect(snackbar).toBeHidden();
  });

  test('a live SOS appears without reload as an alert card, first, with its time', async ({
    page,
    signIn,
    fleet,
  }) => {
    const first = await fleet.add(`0 Alpha ${uid('d')}`);
    const second = await fleet.add(`0 Beta ${uid('d')}`);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    await expect(dashboard.card(second.device.displayName)).toBeVisible();
    await expect(dashboard.closeButton(second.device.displayName)).toHaveCount(0);
    await markPage(page);

    const sos = await raiseSos(second.sim);
    const alert = dashboard.card(second.device.displayName);
    await expect(dashboard.closeButton(second.device.displayName)).toBeVisible();
    await expect(alert).toContainText(`SOS aperto il ${dateTime(sos.dateCreated)}`);
    await expect(alert.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // It blinks on a 2-second cycle (docs/console.md), where motion is not reduced (the run's
    // browser reduces it: playwright.config.ts).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const blink = await alert
      .locator('.MuiCard-root')
      .evaluate((card) => [
        getComputedStyle(card).animationDuration,
        getComputedStyle(card).animationIterationCount,
      ]);
    expect(blink).toEqual(['2s', 'infinite']);
    await expect.poll(async () => (await dashboard.names())[0]).toBe(second.device.displayName);
    // Alert cards have no delete button, even for a SUPER_ADMIN.
    await expect(dashboard.deleteButton(second.device.displayName)).toHaveCount(0);

    // A newer SOS goes first (docs/console.md ordering).
    await raiseSos(first.sim);
    await expect(dashboard.closeButton(first.device.displayName)).toBeVisible();
    await expect
      .poll(async () => (await dashboard.names()).slice(0, 2))
      .toEqual([first.device.displayName, second.device.displayName]);

    // A device registered now appears too.
    const late = await registerDevice(`0 Gamma ${uid('d')}`);
    try {
      await expect(dashboard.card(late.device.displayName)).toBeVisible();
    } finally {
      fleet.forget(late.device.id);
    }
    expect(await notReloaded(page)).toBe(true);
  });

  test('an EMPLOYEE closes an SOS: "Sos chiuso con successo!", the card turns plain, no delete button', async ({
    page,
    signInAsEmployee,
    fleet,
    admin,
  }) => {
    const { sim, device } = await fleet.add();
    const sos = await raiseSos(sim);
    const employee = await signInAsEmployee();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    const close = page.waitForRequest(
      (r) => r.url().includes(apiPath('sosClose')) && r.method() === 'PATCH',
    );
    await dashboard.closeButton(device.displayName).click();
    expect(new URL((await close).url()).searchParams.get('sosId')).toBe(String(sos.id));
    await expect(new Shell(page).snackbar('Sos chiuso con successo!')).toBeVisible();
    await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
    await expect(dashboard.card(device.displayName)).toBeVisible();
    await expect(dashboard.card(device.displayName).getByRole('button')).toHaveCount(0);
    const closed = (await admin.history()).find((s) => s.id === sos.id);
    expect(closed?.state).toBe('CLOSED');
    expect(closed?.closedBy?.username).toBe(employee.username);
  });

  test('an SOS closed elsewhere turns plain live', async ({ page, signIn, fleet, admin }) => {
    const { sim, device } = await fleet.add();
    const sos = await raiseSos(sim);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    await dashboard.waitLive();
    await markPage(page);
    await admin.closeSos(sos.id);
    await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
    await expect(dashboard.deleteButton(device.displayName)).toBeVisible();
    expect(await notReloaded(page)).toBe(true);
  });

  test('SUPER_ADMIN deletes a device: red button, "Attenzione!" dialog, "Device eliminato"', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const { device } = await fleet.add(`0 Doomed ${uid('d')}`);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    const button = dashboard.deleteButton(device.displayName);
    await expect(button).toBeVisible();
    // Red: MUI's error colour.
    const [r, g, b] = (await button.evaluate((el) => getComputedStyle(el).color))
      .match(/\d+/g)!
      .map(Number);
    expect(r).toBeGreaterThan(150);
    expect(r).toBeGreaterThan((g ?? 0) + 80);
    expect(r).toBeGreaterThan((b ?? 0) + 80);

    const shell = new Shell(page);
    await button.click();
    const dialog = shell.dialog();
    await expect(dialog.getByRole('heading', { name: 'Attenzione!' })).toBeVisible();
    await expect(dialog).toContainText('Sei sicuro di voler eliminare il dispositivo?');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(dashboard.card(device.displayName)).toBeVisible();

    await button.click();
    await shell.dialog().getByRole('button', { name: 'Elimina' }).click();
    await expect(shell.snackbar('Device eliminato')).toBeVisible();
    await expect(dashboard.card(device.displayName)).toHaveCount(0);
    expect((await admin.devices()).some((d) => d.id === device.id)).toBe(false);
  });

  test('the confirm dialog is 400 to 500 px wide and at least 150 px high (docs/console.md)', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { device } = await fleet.add(`0 Sized ${uid('d')}`);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.deleteButton(device.displayName).click();
    const box = await new Shell(page).dialog().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(400);
    expect(box?.width).toBeLessThanOrEqual(500);
    expect(box?.height).toBeGreaterThanOrEqual(150);
  });

  test('the grid has 1 column on small screens, 2 from md, 3 from xl (docs/console.md)', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    // The first cards must be these: no open SOS, and names that sort first.
    await admin.closeAllOpenSos();
    const names: string[] = [];
    for (const letter of ['A', 'B', 'C'])
      names.push((await fleet.add(`00 Column ${letter} ${uid('d')}`)).device.displayName);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    const tops = async () => {
      const boxes = await Promise.all(names.map((name) => dashboard.card(name).boundingBox()));
      return boxes.map((box) => Math.round(box?.y ?? -1));
    };
    await expect.poll(async () => (await dashboard.names()).slice(0, 3)).toEqual(names);
    for (const [width, columns] of [
      [1600, 3],
      [1280, 2],
      [800, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(
          async () => {
            const [a, b, c] = await tops();
            return a === b ? (b === c ? 3 : 2) : 1;
          },
          { message: `${width} px wide` },
        )
        .toBe(columns);
    }
  });
});
