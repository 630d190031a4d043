import type { Locator } from '@playwright/test';
import { raiseSos } from '../support/devices.js';
import { makeStreamsCuttable, cutStreams } from '../support/stream.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { HistoryPage } from '../pages/HistoryPage.js';
import { ShiftProbe } from '../pages/ShiftProbe.js';
import { SosDetail } from '../pages/SosDetail.js';
import { StatsPage } from '../pages/StatsPage.js';
import { UserFormPage } from '../pages/UserFormPage.js';
import { apiPath } from '@sos/contract/paths';

/** The card's drawn background: filled red, or the paper of an outlined card. */
const background = (card: Locator) =>
  card.locator('.MuiCard-root').evaluate((el) => getComputedStyle(el).backgroundColor);
const isRed = (rgb: string) => {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return r > 120 && g < 80 && b < 80;
};

test.describe('a shift as operators live it (docs/shift.md)', () => {
  test.beforeEach(async ({ admin }) => {
    await admin.closeAllOpenSos();
  });

  test('before the enabling click a new SOS counts in the tab title, and a hidden tab alternates it and notifies', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { sim, device } = await fleet.add(`Ciondolo ${uid('t')}`);
    const probe = new ShiftProbe(page);
    await probe.recordNotifications();
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    // The spec's prompt stays, alone: no card before the click.
    await expect(dashboard.audioPrompt).toBeVisible();
    await expect(dashboard.list).toHaveCount(0);
    await expect(page).toHaveTitle('SOS Console');
    await probe.hideTab();
    await raiseSos(sim);
    await expect(page).toHaveTitle(/^(\(1\) SOS Console|SOS: .+)$/);
    await expect.poll(() => probe.notifications()).toEqual([`SOS: ${device.displayName}`]);
    const titles = await probe.titlesOver(2500);
    expect(titles).toContain('(1) SOS Console');
    expect(titles).toContain(`SOS: ${device.displayName}`);
    await expect(dashboard.audioPrompt).toBeVisible();
  });

  test("closing from the card an SOS a colleague has in charge asks first; 'Annulla' changes nothing", async ({
    page,
    signInAsEmployee,
    fleet,
    admin,
  }) => {
    const { sim, device } = await fleet.add(`Bagno ${uid('c')}`);
    const sos = await raiseSos(sim);
    await admin.ackSos(sos.id);
    await signInAsEmployee();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    await dashboard.closeButton(device.displayName).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('In carico a admin: chiudere comunque?');
    let closes = 0;
    page.on('request', (r) => void (r.url().includes(apiPath('sosClose')) && (closes += 1)));
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
    expect(closes).toBe(0);
    await dashboard.closeButton(device.displayName).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Chiudi SOS' }).click();
    await expect(page.getByText('Sos chiuso con successo!')).toBeVisible();
    await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
  });

  test('an acknowledged card is outlined, an unacknowledged one filled; a moved card shows its buttons disabled for the guard', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const handled = await fleet.add(`0 Gestito ${uid('h')}`);
    const waiting = await fleet.add(`0 In attesa ${uid('w')}`);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const first = await raiseSos(handled.sim);
    await admin.ackSos(first.id);
    await expect(dashboard.card(handled.device.displayName)).toContainText('In carico a admin');
    await raiseSos(waiting.sim);
    // The newer SOS leads: the handled card moves and its button says it is held.
    await expect(dashboard.closeButton(handled.device.displayName)).toBeDisabled();
    await expect(dashboard.closeButton(handled.device.displayName)).toBeEnabled();
    expect(isRed(await background(dashboard.card(waiting.device.displayName)))).toBe(true);
    expect(await background(dashboard.card(handled.device.displayName))).toBe('rgb(255, 255, 255)');
  });

  test('the live stream lost: a banner after 10 s on every page, gone on reconnect with the missed SOS replayed', async ({
    page,
    signIn,
    fleet,
  }) => {
    test.setTimeout(90_000);
    const { sim, device } = await fleet.add(`Cucina ${uid('s')}`);
    const probe = new ShiftProbe(page);
    await makeStreamsCuttable(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    await page.route('**/api/sos/realTime', (route) => route.abort());
    await cutStreams(page);
    await raiseSos(sim);
    await expect(probe.streamLost).toBeHidden();
    await expect(probe.streamLost).toBeVisible({ timeout: 20_000 });
    await page.unroute('**/api/sos/realTime');
    await expect(probe.streamLost).toBeHidden({ timeout: 40_000 });
    await expect(dashboard.closeButton(device.displayName)).toBeVisible();
  });

  test('"Ultimo contatto" follows heartbeats within 60 s', async ({ page, signIn, fleet }) => {
    test.setTimeout(90_000);
    const { sim, device } = await fleet.add(`Salotto ${uid('l')}`);
    await sim.heartbeat(undefined, 80);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await expect(dashboard.card(device.displayName)).toContainText('Ultimo contatto');
    await expect(dashboard.card(device.displayName)).not.toContainText('Batteria');
    // No live event carries a heartbeat: only the card's poll can show the low battery.
    await sim.heartbeat(undefined, 15);
    await expect(dashboard.card(device.displayName)).toContainText('Batteria 15%', {
      timeout: 60_000,
    });
  });

  test('a history row opens the closed SOS with its notes, read only', async ({
    page,
    signIn,
    fleet,
  }) => {
    const { sim, device } = await fleet.add(`Ingresso ${uid('r')}`);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await raiseSos(sim);
    await dashboard.detailButton(device.displayName).click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    await detail.note.fill('Richiamato il figlio');
    await detail.addNote.click();
    await expect(detail.timeline).toContainText('Richiamato il figlio');
    await page.getByRole('dialog').getByRole('button', { name: 'Chiudi SOS' }).last().click();
    await expect(page.getByText('Sos chiuso con successo!')).toBeVisible();
    const history = new HistoryPage(page);
    await history.goto();
    await history.rows.filter({ hasText: device.displayName }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Richiamato il figlio');
    await expect(dialog.getByRole('button', { name: /Chiudi SOS|Aggiungi nota/ })).toHaveCount(0);
  });

  test('a super administrator creates another one, who can then open /users', async ({
    page,
    signIn,
    people,
    browser,
  }) => {
    const username = uid('capo');
    people.forget(username);
    await signIn();
    const form = new UserFormPage(page);
    await form.gotoNew();
    await form.username.fill(username);
    await form.email.fill(`${username}@example.com`);
    await form.password.fill('capo-password-1');
    await form.confirmPassword.fill('capo-password-1');
    await page.getByRole('combobox', { name: 'Ruolo' }).click();
    await page.getByRole('option', { name: 'Super amministratore' }).click();
    await form.save.click();
    await expect(page.getByText('Utente creato!')).toBeVisible();
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.goto('/login');
      await second.locator('input[name="username"]').fill(username);
      await second.locator('input[name="password"]').fill('capo-password-1');
      await second.getByRole('button', { name: /accedi|login/i }).click();
      // Signed in once the console leaves /login; navigating before would abort the sign-in.
      await expect(second).not.toHaveURL(/\/login/);
      await second.goto('/users');
      await expect(second.getByRole('heading', { level: 1 })).toContainText(/utenti/i);
    } finally {
      await other.close();
    }
  });

  test('"Dal" after "Al" on Statistiche is a field error', async ({ page, signIn }) => {
    await signIn();
    const stats = new StatsPage(page);
    await stats.goto();
    const to = await page.locator('input[name="to"]').inputValue();
    // Typed as Italian writes days (the console's language, not the browser's).
    expect(to).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await page.locator('input[name="to"]').fill('01/03/2025');
    await page.locator('input[name="from"]').fill('10/03/2025');
    await expect(page.getByText('La data iniziale deve precedere la finale')).toBeVisible();
    await expect(page.getByText('Errore inaspettato!')).toHaveCount(0);
    await page.locator('input[name="to"]').fill(to);
    await expect(page.getByText('La data iniziale deve precedere la finale')).toHaveCount(0);
  });
});
