import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Dc09Client } from '@sos/simulator';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { isRinging, watchMedia } from '../support/alarm.js';
import { expect, seedStorage, test } from '../support/fixtures.js';
import { E2E } from '../env.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { HealthPanel } from '../pages/HealthPanel.js';
import { SettingsPage } from '../pages/SettingsPage.js';

/** A fresh DC-09 account per run: the e2e database lives for the whole run. */
const account = () => (0x100000 + Math.floor(Math.random() * 0xeffff)).toString(16).toUpperCase();

test.describe('SIA DC-09 receiver (docs/receivers.md)', () => {
  const clients: Dc09Client[] = [];
  const client = (transport: 'tcp' | 'udp') => {
    const c = new Dc09Client({
      host: '127.0.0.1',
      port: E2E.dc09Port,
      transport,
      key: Buffer.from(E2E.dc09Key, 'hex'),
    });
    clients.push(c);
    return c;
  };
  test.afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  test('a DC-09 fire from the simulator appears as a card labelled "Incendio" and rings', async ({
    page,
    signIn,
  }) => {
    const acct = account();
    const name = `DC-09 ${acct}`;
    await watchMedia(page);
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const answer = await client('tcp').send({
      token: 'ADM-CID',
      account: acct,
      data: '1110 01 001',
    });
    expect(answer.type).toBe('ACK');
    await expect(dashboard.kindLabel(name)).toHaveText('Incendio');
    await expect(dashboard.closeButton(name)).toBeVisible();
    await expect.poll(() => isRinging(page)).toBe(true);
  });

  test('a low battery over UDP appears in "Allarmi tecnici" and clears on its restore', async ({
    page,
    signIn,
  }) => {
    const acct = account();
    const name = `DC-09 ${acct}`;
    await signIn();
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.enableAudio();
    await dashboard.waitLive();
    const udp = client('udp');
    expect((await udp.send({ token: 'SIA-DCS', account: acct, data: 'Nri1/YT' })).type).toBe('ACK');
    const health = new HealthPanel(page);
    await expect(health.line('Batteria scarica', name)).toBeVisible();
    expect((await udp.send({ token: 'SIA-DCS', account: acct, data: 'Nri1/YR' })).type).toBe('ACK');
    await expect(health.line('Batteria scarica', name)).toBeHidden();
  });

  test('Settings shows the receivers: DC-09 and SCAIP listening on their ports', async ({
    page,
    signIn,
    admin,
  }) => {
    await signIn();
    const settings = new SettingsPage(page);
    await settings.goto(await admin.apiKey());
    await expect(settings.receivers.getByRole('heading', { name: 'Ricevitori' })).toBeVisible();
    await expect(settings.receiver('DC09')).toContainText(`In ascolto sulla porta ${E2E.dc09Port}`);
    await expect(settings.receiver('SCAIP')).toContainText(
      `In ascolto sulla porta ${E2E.scaipPort}`,
    );
  });

  for (const { name, language, theme } of [
    { name: 'it-light', language: 'it', theme: 'light' },
    { name: 'ar-dark', language: 'ar', theme: 'dark' },
  ] as const) {
    test(`the receivers block, ${name}: accessible, and photographed`, async ({ page, signIn }) => {
      const shots = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
      mkdirSync(shots, { recursive: true });
      await seedStorage(page, { language, 'current-theme': theme });
      await signIn();
      await page.goto('/settings');
      const block = page.getByRole('region').filter({ has: page.getByTestId('receiver-DC09') });
      await expect(block.getByTestId('receiver-DC09')).toContainText(String(E2E.dc09Port));
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `${shots}receivers-${name}.png`,
        animations: 'disabled',
        fullPage: true,
      });
      await block.screenshot({
        path: `${shots}receivers-block-${name}.png`,
        animations: 'disabled',
      });
      await expectNoSeriousA11yViolations(page, `receivers ${name}`);
    });
  }
});
