import type { Page } from '@playwright/test';
import { E2E } from '../env.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { DeletedDevicesPage, HealthPanel } from '../pages/HealthPanel.js';
import { Shell } from '../pages/Shell.js';
import { login, type AdminApi } from '../support/api.js';
import { expect, test, type Fleet } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

/** scripts/serve.mjs stores offlineAfterSeconds = 10: a silent device is offline within ~10 s. */
const OFFLINE_WITHIN = { timeout: 25_000 };
const hhmm = (iso: string) =>
  new Date(iso).toLocaleTimeString('it-IT', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Europe/Rome',
  });

test.use({ viewport: { width: 1280, height: 800 } });

async function openDashboard(page: Page) {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.enableAudio();
  await dashboard.waitLive();
  return dashboard;
}

test.describe('device health and the person behind the device (docs/alarm-handling.md)', () => {
  test('a silent device shows in "Non raggiungibile" with its last contact, then clears on a heartbeat', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const name = `Ciondolo silenzioso ${uid('h').slice(-4)}`;
    const { sim } = await fleet.add(name);
    await signIn();
    const dashboard = await openDashboard(page);
    const health = new HealthPanel(page);
    expect((await sim.heartbeat(undefined, 12)).status).toBe(204);
    const heard = (await admin.devices()).find((d) => d.displayName === name)!;
    await page.reload();
    await dashboard.enableAudio();
    await expect(dashboard.card(name)).toContainText(`Ultimo contatto ${hhmm(heard.lastSeenAt!)}`);
    await expect(dashboard.card(name)).toContainText('Batteria 12%');

    await expect(health.offline(name)).toContainText(
      `da ${hhmm(heard.lastSeenAt!)}`,
      OFFLINE_WITHIN,
    );
    await expect(dashboard.card(name)).toBeVisible(); // it keeps its card
    await sim.heartbeat();
    await expect(health.offline(name)).toBeHidden();
  });

  test('a super admin fills in "Scheda assistito"; it is kept and an employee reads it', async ({
    page,
    signIn,
    fleet,
    people,
  }) => {
    const name = `Bracciale ${uid('p').slice(-4)}`;
    const { device } = await fleet.add(name);
    await signIn();
    const dashboard = await openDashboard(page);
    const health = new HealthPanel(page);
    await health.profileButton(dashboard.card(name)).click();
    await health.field('Nome').fill('Giuseppina Ferraro');
    await health.field('Indirizzo').fill('Via Garibaldi 12, 10122 Torino');
    await health.field('Telefono').fill('telefono');
    // Exact: the check-in windows' "Aggiungi finestra" is in the same dialog.
    await health.profileDialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await health.field('Nome', 1).fill('Marco Ferraro');
    await health.field('Telefono', 1).fill('+39 333 555 1234');
    await health.field('Relazione').fill('figlio');
    await health.profileDialog.getByRole('button', { name: 'Salva' }).click();
    await expect(health.profileDialog).toContainText('Numero di telefono non valido');
    await health.field('Telefono').fill('+39 011 555 0101');
    await health.profileDialog.getByRole('button', { name: 'Salva' }).click();
    await expect(health.profileDialog).toBeHidden();

    // An employee reads it (the SOS detail embeds ResidentProfile from this data).
    const user = await people.create();
    const employee = await login(user.username, user.password);
    const res = await fetch(`${E2E.baseURL}/api/device/profile?id=${device.id}`, {
      headers: { authorization: `Bearer ${employee.access_token}` },
    });
    expect(await res.json()).toMatchObject({
      residentName: 'Giuseppina Ferraro',
      phone: '+39 011 555 0101',
      contacts: [{ name: 'Marco Ferraro', phone: '+39 333 555 1234', relation: 'figlio' }],
    });
    await health.profileButton(dashboard.card(name)).click();
    await expect(health.field('Nome')).toHaveValue('Giuseppina Ferraro');
  });

  test('the delete confirmation names the device, and "Annulla" on the message brings it back', async ({
    page,
    signIn,
    fleet,
  }) => {
    const name = `Pulsante cucina ${uid('d').slice(-4)}`;
    await fleet.add(name);
    await signIn();
    const dashboard = await openDashboard(page);
    await dashboard.deleteButton(name).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Elimina' }).click();
    await expect(dashboard.card(name)).toBeHidden();
    await new Shell(page)
      .snackbar('Device eliminato')
      .getByRole('button', { name: 'Annulla' })
      .click();
    await expect(dashboard.card(name)).toBeVisible();
  });

  /** A deleted device's SOS, refused to it, shown as a technical alarm on the signed-in page. */
  async function deletedDeviceSos(
    {
      page,
      signIn,
      fleet,
      admin,
    }: { page: Page; signIn: () => Promise<unknown>; fleet: Fleet; admin: AdminApi },
    name: string,
  ) {
    const { sim, device } = await fleet.add(name);
    await admin.deleteDevice(device.id);
    await signIn();
    await openDashboard(page);
    const health = new HealthPanel(page);
    expect((await sim.raiseSos()).status).toBe(403);
    await expect(health.deletedSos(name)).toBeVisible();
    return { device, health };
  }

  test('an SOS from a deleted device is a technical alarm until the device is restored', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const name = `Ciondolo eliminato ${uid('x').slice(-4)}`;
    const { health } = await deletedDeviceSos({ page, signIn, fleet, admin }, name);
    await expect(health.deletedSos(name).getByRole('button', { name: 'Ignora' })).toBeVisible();

    const deleted = new DeletedDevicesPage(page);
    await deleted.goto();
    await deleted.restoreButton(name).click();
    await expect(deleted.restoreButton(name)).toBeHidden();
    await openDashboard(page);
    await expect(new DashboardPage(page).card(name)).toBeVisible();
    await expect(health.deletedSos(name)).toBeHidden();
  });

  test('a deleted device’s SOS dismissed elsewhere leaves every console without a reload', async ({
    page,
    signIn,
    fleet,
    admin,
  }) => {
    const name = `Pulsante ignorato ${uid('x').slice(-4)}`;
    const { device, health } = await deletedDeviceSos({ page, signIn, fleet, admin }, name);
    // Another super administrator's "Ignora", in another console.
    await admin.dismissTechnicalAlarm(device.id);
    await expect(health.deletedSos(name)).toBeHidden();
  });
});
