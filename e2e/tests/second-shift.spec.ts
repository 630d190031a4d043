import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { Dc09Client } from '@sos/simulator';
import { E2E } from '../env.js';
import { plays, watchMedia } from '../support/alarm.js';
import { ackSosAs, login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { cutStreams, makeStreamsCuttable } from '../support/stream.js';
import { uid } from '../support/unique.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { LoginPage } from '../pages/LoginPage.js';
import { Shell } from '../pages/Shell.js';
import { ShiftProbe } from '../pages/ShiftProbe.js';
import { SosDetail } from '../pages/SosDetail.js';

const SHOTS = fileURLToPath(new URL('../artifacts/second-shift/', import.meta.url));
const OUTAGE_MS = 15_000;

async function liveDashboard(page: Page): Promise<DashboardPage> {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.enableAudio();
  await dashboard.waitLive();
  return dashboard;
}

/** The server's address: what an outage takes away (a blob: kept in memory stays). */
const onServer = (url: URL) =>
  url.protocol === 'http:' && url.origin === new URL(E2E.baseURL).origin;

/** The server stops answering this page (every request refused, the live stream cut). */
async function serverDown(page: Page): Promise<void> {
  await page.route(onServer, (route) => route.abort('connectionrefused'));
  await cutStreams(page);
}

const serverBack = (page: Page) => page.unroute(onServer);

/** Both sounds fetched once at sign-in (docs/shift.md "Sounds kept"). */
function soundsFetched(page: Page): Promise<void> {
  const fetched = new Set<string>();
  return new Promise((resolve) => {
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (response.ok() && (path === '/alarm.mp3' || path === '/chime.mp3')) fetched.add(path);
      if (fetched.size === 2) resolve();
    });
  });
}

/** docs/shift.md: sounds kept, back after an outage, nothing changes silently. */
test.describe('a second shift (docs/shift.md)', () => {
  test.beforeEach(async ({ admin }) => {
    mkdirSync(SHOTS, { recursive: true });
    await admin.closeAllOpenSos();
  });

  test('a server stopped 15 s: the banner chimes, and a technical alarm afterwards chimes on another page, from memory', async ({
    page,
    signIn,
    fleet,
  }) => {
    test.setTimeout(90_000);
    const { sim } = await fleet.add(`Ciondolo ${uid('b')}`);
    expect((await sim.heartbeat(undefined, 80)).status).toBe(204);
    await watchMedia(page);
    await makeStreamsCuttable(page);
    const fetched = soundsFetched(page);
    await signIn();
    await liveDashboard(page);
    await fetched;
    // Technical alarms chime on every page: this one is not the dashboard.
    await new Shell(page).entry('Gestione utenti').click();
    await expect(page).toHaveURL(/\/users$/);

    await serverDown(page);
    const probe = new ShiftProbe(page);
    await expect(probe.streamLost).toBeVisible({ timeout: 15_000 });
    // The banner's chime plays from memory while the server is out.
    await expect
      .poll(async () => [...new Set((await plays(page, 'chime')).map((p) => p.ok))])
      .toEqual([true]);
    await page.waitForTimeout(OUTAGE_MS - 10_000);
    await serverBack(page);
    await expect(probe.streamLost).toBeHidden({ timeout: 20_000 });

    const before = Date.now();
    expect((await sim.heartbeat(undefined, 11)).status).toBe(204);
    await expect
      .poll(async () => (await plays(page, 'chime')).filter((p) => p.at >= before), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    const [chime] = (await plays(page, 'chime')).filter((p) => p.at >= before);
    await expect.poll(async () => (await plays(page, 'chime')).at(-1)?.ok).toBe(true);
    expect(chime!.src).toMatch(/^blob:/);
    await expect(page).toHaveURL(/\/users$/);
    await page.screenshot({ path: `${SHOTS}outage-chime-it-light.png` });
  });

  test('a detail opened during an outage gets its timeline once the server is back', async ({
    page,
    signIn,
    fleet,
  }) => {
    test.setTimeout(90_000);
    const { sim, device } = await fleet.add(`Bagno ${uid('d')}`);
    await raiseSos(sim);
    await makeStreamsCuttable(page);
    await signIn();
    const dashboard = await liveDashboard(page);
    await serverDown(page);
    await dashboard.detailButton(device.displayName).click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    await expect(detail.timeline.getByRole('listitem')).toHaveCount(0);
    await page.waitForTimeout(OUTAGE_MS);
    await serverBack(page);
    await expect(detail.timeline.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}outage-detail-it-light.png` });
  });

  for (const [name, prefs, width] of [
    ['it-light', {}, 1280],
    ['ar-dark-390', { language: 'ar', theme: 'dark' }, 390],
  ] as const) {
    test(`a role change lands the user on the login page saying so, ${name}`, async ({
      page,
      signIn,
      people,
      fleet,
      admin,
    }) => {
      await page.setViewportSize({ width, height: 844 });
      const maria = await people.create({ role: 'SUPER_ADMIN' });
      const { sim } = await fleet.add(`Camera ${uid('r')}`);
      await raiseSos(sim);
      await signIn(maria, prefs);
      const dashboard = new DashboardPage(page);
      await page.goto('/sos');
      await page.locator('h1').first().click();
      await expect(dashboard.liveStatus).toBeVisible();
      await admin.updateUser(maria.id, {
        username: maria.username,
        email: maria.email,
        role: 'EMPLOYEE',
      });
      const login = new LoginPage(page);
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await expect(login.notice).toHaveText(
        name === 'it-light'
          ? 'Il tuo account è stato modificato: accedi di nuovo'
          : 'تم تعديل حسابك: سجّل الدخول مرة أخرى',
      );
      await page.screenshot({ path: `${SHOTS}account-changed-${name}.png` });
    });
  }

  test("a colleague's take-over and close of the SOS you hold each show a snackbar", async ({
    page,
    signInAsEmployee,
    people,
    fleet,
    admin,
  }) => {
    const { sim, device } = await fleet.add(`Soggiorno ${uid('h')}`);
    const sos = await raiseSos(sim);
    const me = await signInAsEmployee();
    const dashboard = await liveDashboard(page);
    const colleague = await people.create();
    const mine = await login(me.username, me.password);
    await ackSosAs(mine.access_token, sos.id);
    await expect(dashboard.card(device.displayName)).toContainText(me.username);
    // Taken over by the colleague, then closed by the admin: each one says so.
    const theirs = await login(colleague.username, colleague.password);
    await ackSosAs(theirs.access_token, sos.id, true);
    const shell = new Shell(page);
    await expect(
      shell.snackbar(`SOS di ${device.displayName} preso in carico da ${colleague.username}`),
    ).toBeVisible();
    await ackSosAs(mine.access_token, sos.id, true);
    await expect(dashboard.card(device.displayName)).toContainText(me.username);
    await admin.closeSos(sos.id);
    await expect(shell.snackbar(`SOS di ${device.displayName} chiuso da admin`)).toBeVisible();
    await expect(dashboard.closeButton(device.displayName)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}handoff-snackbar-it-light.png` });
  });

  test("recording a call on an SOS a colleague holds asks first; 'Annulla' records nothing", async ({
    page,
    signInAsEmployee,
    fleet,
    admin,
  }) => {
    const { sim, device } = await fleet.add(`Ingresso ${uid('k')}`);
    await admin.putProfile(device.id, {
      residentName: 'Giuseppina Ferraro',
      address: 'Via Garibaldi 12',
      phone: '+39 011 555 0101',
      notes: null,
      contacts: [],
    });
    const sos = await raiseSos(sim);
    await admin.ackSos(sos.id);
    await signInAsEmployee();
    const dashboard = await liveDashboard(page);
    await dashboard.detailButton(device.displayName).click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    let calls = 0;
    page.on('request', (r) => void (r.url().includes('/api/sos/call') && (calls += 1)));
    await detail.dialog.getByRole('button', { name: 'Non risponde' }).click();
    const ask = page.getByRole('dialog', { name: 'Attenzione!' });
    await expect(ask).toContainText('In carico a admin: registrare comunque la chiamata?');
    await page.screenshot({ path: `${SHOTS}call-confirm-it-light.png` });
    await ask.getByRole('button', { name: 'Annulla' }).click();
    await expect(ask).toBeHidden();
    expect(calls).toBe(0);
    await detail.dialog.getByRole('button', { name: 'Non risponde' }).click();
    await page
      .getByRole('dialog', { name: 'Attenzione!' })
      .getByRole('button', { name: 'Registra chiamata' })
      .click();
    await expect
      .poll(async () => (await admin.timeline(sos.id)).map((e) => e.type))
      .toContain('CALL');
  });

  test("the DC-09 simulator's second test of a zone within 10 minutes shows again (its sequence advances)", async ({
    page,
    signIn,
    admin,
  }) => {
    const account = (0x100000 + Math.floor(Math.random() * 0xeffff)).toString(16).toUpperCase();
    const name = `DC-09 ${account}`;
    const client = new Dc09Client({
      host: '127.0.0.1',
      port: E2E.dc09Port,
      transport: 'tcp',
      key: Buffer.from(E2E.dc09Key, 'hex'),
    });
    try {
      await signIn();
      const dashboard = await liveDashboard(page);
      const fire = { token: 'ADM-CID', account, data: '1110 01 001' } as const;
      expect((await client.send(fire)).type).toBe('ACK');
      await expect(dashboard.kindLabel(name)).toHaveText('Incendio');
      const first = (await admin.devices()).find((d) => d.displayName === name)!.lastSos!;
      await admin.closeSos(first.id);
      await expect(dashboard.closeButton(name)).toHaveCount(0);
      expect((await client.send(fire)).type).toBe('ACK');
      await expect(dashboard.closeButton(name)).toBeVisible();
      const second = (await admin.devices()).find((d) => d.displayName === name)!.lastSos!;
      expect(second.id).not.toBe(first.id);
      await dashboard.card(name).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}dc09-second-test-it-light.png` });
      await admin.closeSos(second.id);
    } finally {
      client.close();
    }
  });
});
