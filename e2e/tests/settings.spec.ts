import { SimDevice } from '../support/devices.js';
import { expect, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { E2E } from '../env.js';
import { CHANGE_KEY_WARNING, SettingsPage } from '../pages/SettingsPage.js';
import { Shell } from '../pages/Shell.js';

test.describe('settings (docs/console.md /settings, §5)', () => {
  test('shows the api key; fewer than 4 characters or none is refused', async ({
    page,
    signIn,
    admin,
  }) => {
    const key = await admin.apiKey();
    await signIn();
    const settings = new SettingsPage(page);
    await settings.goto(key);
    for (const [value, message] of [
      ['abc', "L'api key deve avere almeno 4 caratteri"],
      ['', 'Campo obbligatorio'],
    ] as const) {
      await settings.apiKey.fill(value);
      await settings.save.click();
      await expect(settings.apiKey).toHaveAttribute('aria-invalid', 'true');
      await expect(settings.apiKey).toHaveAccessibleDescription(message);
      await expect(new Shell(page).dialog()).toBeHidden();
    }
    expect(await admin.apiKey()).toBe(key);
  });

  test('Cancel returns to /sos', async ({ page, signIn, admin }) => {
    await signIn();
    const settings = new SettingsPage(page);
    await settings.goto(await admin.apiKey());
    await settings.cancel.click();
    await expect(page).toHaveURL(/\/sos$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('Save asks first; the new key works on the device API and the old one is refused', async ({
    page,
    signIn,
    admin,
  }) => {
    const oldKey = await admin.apiKey();
    const newKey = uid('key');
    const device = new SimDevice(uid('SN'), uid('Keyed'));
    await signIn();
    const settings = new SettingsPage(page);
    await settings.goto(oldKey);
    const shell = new Shell(page);
    try {
      // Cancelling the confirmation changes nothing.
      await settings.apiKey.fill(newKey);
      await settings.save.click();
      let dialog = shell.dialog();
      await expect(dialog).toContainText(CHANGE_KEY_WARNING);
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await expect(dialog).toBeHidden();
      expect(await admin.apiKey()).toBe(oldKey);

      await settings.save.click();
      dialog = shell.dialog();
      await expect(dialog.getByRole('heading', { name: 'Attenzione!' })).toBeVisible();
      await expect(dialog).toContainText(CHANGE_KEY_WARNING);
      await dialog.getByRole('button', { name: 'Cambia' }).click();
      await expect(shell.snackbar('Api key cambiata con successo')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(settings.apiKey).toHaveValue(newKey);

      expect((await device.register(oldKey)).status).toBe(401);
      expect((await device.heartbeat(oldKey)).status).toBe(401);
      const registered = await device.register(newKey);
      expect(registered.status).toBe(201);
      expect((await device.heartbeat(newKey)).status).toBe(204);
      await admin.deleteDevice(registered.body.id);
    } finally {
      // Every other test registers its devices with the configured key.
      await admin.setApiKey(E2E.apiKey);
    }
  });
});
