import { expect, test } from '../support/fixtures.js';
import { Shell } from '../pages/Shell.js';

const ADMIN_ENTRIES = [
  'SOS',
  'Gestione utenti',
  'Storico',
  'Statistiche',
  'Registro attività',
  'Impostazioni',
];

test.describe('main layout on a large screen (docs/console.md, §9)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('top bar 64 px, drawer 300 px open by default, content shifted by 300 px', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    await expect(shell.nav).toBeVisible();
    expect((await shell.topBar.boundingBox())?.height).toBe(64);
    expect(await shell.topBar.evaluate((bar) => getComputedStyle(bar).position)).toBe('fixed');
    const drawer = await shell.drawer.boundingBox();
    expect(drawer?.width).toBe(300);
    expect(drawer?.x).toBe(0);
    await expect(page.getByRole('img', { name: 'SOS Console, logo' })).toBeVisible();
    await expect(shell.closeMenuButton).toBeVisible();
    // The persistent drawer leaves its room: content and top bar start at 300 px.
    await expect.poll(async () => (await shell.main.boundingBox())?.x).toBe(300);
    await expect.poll(async () => (await shell.topBar.boundingBox())?.x).toBe(300);
    // It can be closed, and the content takes the whole width again.
    await shell.closeMenuButton.click();
    await expect(shell.nav).toBeHidden();
    await expect.poll(async () => (await shell.main.boundingBox())?.x).toBe(0);
    await shell.openMenuButton.click();
    await expect(shell.nav).toBeVisible();
  });

  test('SUPER_ADMIN entries in order, each with a divider, navigating and highlighted', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    expect(await shell.entryLabels()).toEqual(ADMIN_ENTRIES);
    await expect(shell.nav.locator('li > hr')).toHaveCount(ADMIN_ENTRIES.length);
    const paths = ['/sos', '/users', '/sos/history', '/sos/stats', '/audit', '/settings'];
    const headings = [
      'Dashboard',
      'Gestione utenti',
      'Storico',
      'Statistiche',
      'Registro attività',
      'Impostazioni',
    ];
    for (const [i, label] of ADMIN_ENTRIES.entries()) {
      await shell.entry(label).click();
      await expect(page).toHaveURL(new RegExp(`${paths[i]}$`));
      await expect(page.getByRole('heading', { level: 1, name: headings[i] })).toBeVisible();
      // Only the entry whose path equals the current one is highlighted.
      for (const other of ADMIN_ENTRIES) {
        const entry = shell.entry(other);
        if (other === label) {
          await expect(entry).toHaveAttribute('aria-current', 'page');
          await expect(entry).toHaveClass(/Mui-selected/);
        } else {
          await expect(entry).not.toHaveAttribute('aria-current', 'page');
          await expect(entry).not.toHaveClass(/Mui-selected/);
        }
      }
    }
    // /user is no entry's path: nothing is highlighted.
    await page.goto('/user');
    await expect(shell.nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('EMPLOYEE sees the SOS entry only', async ({ page, signInAsEmployee }) => {
    await signInAsEmployee();
    const shell = await Shell.atSos(page);
    await expect(shell.nav).toBeVisible();
    expect(await shell.entryLabels()).toEqual(['SOS']);
    await expect(shell.entry('SOS')).toHaveAttribute('aria-current', 'page');
  });

  test('the options menu names the user; theme and language changes are applied and saved', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    await expect(shell.nav).toBeVisible();
    // docs/console.md: the default theme is stored when none is.
    expect(await page.evaluate(() => localStorage.getItem('current-theme'))).toBe('light');
    const lightBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );

    let menu = await shell.openOptions();
    await expect(menu).toContainText('admin');
    await menu.getByRole('menuitemradio', { name: 'Tema scuro' }).click();
    await expect(menu).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('current-theme')))
      .toBe('dark');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe(lightBackground);

    menu = await shell.openOptions();
    await menu.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    // Both survive a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe(lightBackground);
  });

  test('less motion where the system asks for it: the options menu opens at once, with motion it grows', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    // The menu's surface: what it transitions (MUI's Grow) and what is moving in the page.
    const motion = () =>
      page.getByRole('menu').evaluate((menu) => ({
        transition: getComputedStyle(menu.closest('.MuiPaper-root')!).transitionProperty,
        moving: document.getAnimations().length,
      }));
    // The run's browser asks for reduced motion (playwright.config.ts).
    await shell.openOptions();
    expect(await motion()).toEqual({ transition: 'none', moving: 0 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await shell.openOptions();
    expect((await motion()).transition).toContain('opacity');
  });
});

test.describe('main layout on a smaller screen (docs/console.md)', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the drawer is temporary: closed, opened by the menu button, dismissible', async ({
    page,
    signIn,
  }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(shell.nav).toBeHidden();
    expect((await shell.topBar.boundingBox())?.height).toBe(64);
    expect((await shell.main.boundingBox())?.x).toBe(0);

    await shell.openMenuButton.click();
    await expect(shell.nav).toBeVisible();
    // Measured once its slide-in is over.
    await expect
      .poll(async () => Math.round((await shell.drawer.boundingBox())?.width ?? 0))
      .toBe(300);
    // Dismissed with Escape…
    await page.keyboard.press('Escape');
    await expect(shell.nav).toBeHidden();
    // …by a click outside…
    await shell.openMenuButton.click();
    await expect(shell.nav).toBeVisible();
    await page.mouse.click(700, 450);
    await expect(shell.nav).toBeHidden();
    // …by its close button, and it closes after a choice.
    await shell.openMenuButton.click();
    await shell.closeMenuButton.click();
    await expect(shell.nav).toBeHidden();
    await shell.openMenuButton.click();
    await shell.entry('Storico').click();
    await expect(page).toHaveURL(/\/sos\/history$/);
    await expect(shell.nav).toBeHidden();
  });
});

test.describe('main layout on a phone (docs/console.md: 56 px top bar on small screens)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the top bar is 56 px high', async ({ page, signIn }) => {
    await signIn();
    const shell = await Shell.atSos(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect((await shell.topBar.boundingBox())?.height).toBe(56);
    await expect(shell.nav).toBeHidden();
  });
});
