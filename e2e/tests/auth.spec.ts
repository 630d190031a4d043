import type { Page } from '@playwright/test';
import { logoutOnServer, refreshStatus } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { LoginPage } from '../pages/LoginPage.js';
import { Shell } from '../pages/Shell.js';
import { E2E } from '../env.js';
import { apiPath } from '@sos/contract/paths';

const SESSION_KEYS = [
  'token',
  'token_exp',
  'refresh_token',
  'refresh_token_exp',
  'id',
  'role',
  'username',
];

const storedSession = (page: Page) =>
  page.evaluate(
    (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
    SESSION_KEYS,
  );

test.describe('login (docs/console.md /login, §5, §8)', () => {
  test('the page shows the logo before its scripts have run (a slow phone)', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    await expect(page.locator('#root img')).toBeVisible();
    await expect(page.locator('input[name="username"]')).toHaveCount(0);
  });

  test('both fields are required', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page.getByRole('img', { name: 'SOS Console, logo' })).toBeVisible();
    await login.submit.click();
    await expect(login.username).toHaveAttribute('aria-invalid', 'true');
    await expect(login.username).toHaveAccessibleDescription('Campo obbligatorio');
    await expect(login.password).toHaveAccessibleDescription('Campo obbligatorio');
    // Filling one leaves only the other in error.
    await login.username.fill('someone');
    await login.submit.click();
    await expect(login.username).not.toHaveAttribute('aria-invalid', 'true');
    await expect(login.password).toHaveAccessibleDescription('Campo obbligatorio');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password says "Username o password errati" and stays on /login', async ({
    page,
    people,
  }) => {
    // A dedicated user: the server throttles a username after 5 failures.
    const user = await people.create();
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.username, 'not-the-password');
    await expect(new Shell(page).snackbar('Username o password errati')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('success says "Login avvenuta con successo", stores the session and opens /sos', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E.admin.username, E2E.admin.password);
    const shell = new Shell(page);
    await expect(shell.snackbar('Login avvenuta con successo')).toBeVisible();
    await expect(page).toHaveURL(/\/sos$/);
    const stored = await storedSession(page);
    for (const key of SESSION_KEYS) expect(stored[key], key).toBeTruthy();
    expect(stored.role).toBe('SUPER_ADMIN');
    expect(stored.username).toBe(E2E.admin.username);
    // Expiries are Unix seconds in the future (docs/contract.md).
    const now = Date.now() / 1000;
    expect(Number(stored.token_exp)).toBeGreaterThan(now);
    expect(Number(stored.token_exp)).toBeLessThan(now * 10);
    expect(Number(stored.refresh_token_exp)).toBeGreaterThan(Number(stored.token_exp));
    // The snackbar hides itself (docs/console.md: auto-hide).
    await expect(shell.snackbar('Login avvenuta con successo')).toBeHidden();
  });

  test('an employee signs in through the form too', async ({ page, people }) => {
    const user = await people.create({ role: 'EMPLOYEE' });
    await new LoginPage(page).goto();
    await new LoginPage(page).signIn(user.username, user.password);
    await expect(page).toHaveURL(/\/sos$/);
    expect((await storedSession(page)).role).toBe('EMPLOYEE');
  });

  test('the snackbar closes on Escape', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(E2E.admin.username, E2E.admin.password);
    const snackbar = new Shell(page).snackbar('Login avvenuta con successo');
    await expect(snackbar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(snackbar).toBeHidden();
  });
});

test.describe('routes (docs/console.md)', () => {
  test('with a session, /login goes to /sos', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/sos$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('without a session, every inner route goes to /login', async ({ page }) => {
    for (const path of ['/sos', '/users', '/user', '/user/1', '/sos/history', '/settings']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    }
  });

  test('an unknown path goes to /login (and on to /sos with a session)', async ({
    page,
    signIn,
  }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
    await signIn();
    await page.goto('/another-unknown-path');
    await expect(page).toHaveURL(/\/sos$/);
  });

  test('an EMPLOYEE typing an administrator path lands on /sos', async ({
    page,
    signInAsEmployee,
  }) => {
    await signInAsEmployee();
    for (const path of ['/users', '/sos/history', '/settings', '/user', '/user/1']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/sos$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    }
  });
});

test.describe('session (docs/console.md)', () => {
  test('logout clears the storage, goes to /login and revokes the refresh token', async ({
    page,
    signIn,
  }) => {
    const auth = await signIn();
    const shell = await Shell.atSos(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const revoked = page.waitForResponse((r) => r.url().includes(apiPath('logout')));
    await shell.logout();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('menu')).toBeHidden();
    const stored = await storedSession(page);
    for (const key of SESSION_KEYS) expect(stored[key], key).toBeNull();
    expect((await revoked).status()).toBe(204);
    expect(await refreshStatus(auth.refresh_token)).toBe(401);
    // Back to an inner route: no session any more.
    await page.goto('/sos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired access token is refreshed before the call, and the call succeeds', async ({
    page,
    signIn,
  }) => {
    const auth = await signIn();
    // The console believes its access token expired a minute ago.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-expired')) return;
      sessionStorage.setItem('e2e-expired', '1');
      localStorage.setItem('token_exp', String(Math.floor(Date.now() / 1000) - 60));
    });
    const refreshed = page.waitForResponse((r) => r.url().includes(apiPath('refreshAuth')));
    await page.goto('/users');
    expect((await refreshed).status()).toBe(200);
    await expect(
      page.getByRole('gridcell', { name: E2E.admin.username, exact: true }),
    ).toBeVisible();
    const stored = await storedSession(page);
    expect(stored.refresh_token).not.toBe(auth.refresh_token);
    expect(Number(stored.token_exp)).toBeGreaterThan(Date.now() / 1000);
  });

  test('at start, an expired session is cleared and the user signs in again', async ({
    page,
    signIn,
  }) => {
    await signIn();
    // The refresh token's expiry has passed: the start-up check drops the session.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-stale')) return;
      sessionStorage.setItem('e2e-stale', '1');
      localStorage.setItem('refresh_token_exp', String(Math.floor(Date.now() / 1000) - 1));
    });
    await page.goto('/sos');
    await expect(page).toHaveURL(/\/login$/);
    const stored = await storedSession(page);
    for (const key of SESSION_KEYS) expect(stored[key], key).toBeNull();
  });

  test('a refused refresh (401) clears the session storage', async ({ page, signIn }) => {
    const auth = await signIn();
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-expired')) return;
      sessionStorage.setItem('e2e-expired', '1');
      localStorage.setItem('token_exp', String(Math.floor(Date.now() / 1000) - 60));
    });
    // The session ends on the server (a logout elsewhere): its refresh token is refused.
    await logoutOnServer(auth.refresh_token);
    expect(await refreshStatus(auth.refresh_token)).toBe(401);
    const refused = page.waitForResponse((r) => r.url().includes(apiPath('refreshAuth')));
    await page.goto('/users');
    expect((await refused).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    const stored = await storedSession(page);
    for (const key of SESSION_KEYS) expect(stored[key], key).toBeNull();
  });
});
