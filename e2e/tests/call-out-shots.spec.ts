import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E } from '../env.js';
import { login } from '../support/api.js';
import { raiseSos } from '../support/devices.js';
import { expect, test, type Preferences } from '../support/fixtures.js';
import { FERRARO_PROFILE } from '../support/residents.js';
import { signedInDashboard } from '../support/shots.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const PROFILE = FERRARO_PROFILE;

/** Photographs for looking at the SOS detail's call-out (`npm run shots -w e2e`). */
test('screenshots: the detail with calls, Italian light, Arabic dark, phone width', async ({
  browser,
  fleet,
  admin: api,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { sim, device } = await fleet.add(`Ciondolo Sig.ra Ferraro ${uid('s').slice(-4)}`);
  await api.putProfile(device.id, PROFILE);
  const sos = await raiseSos(sim);
  const auth = await login(E2E.admin.username, E2E.admin.password);
  // The resident did not answer: the last result shows, and the son is the one to call.
  const logged = await fetch(`${E2E.baseURL}/api/sos/call?sosId=${sos.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ to: 'RESIDENT', result: 'NO_ANSWER', note: 'Squilla a vuoto' }),
  });
  expect(logged.status).toBe(201);
  const variants: (Required<Preferences> & { width: number; name: string })[] = [
    { language: 'it', theme: 'light', width: 1280, name: 'it-light' },
    { language: 'ar', theme: 'dark', width: 1280, name: 'ar-dark' },
    { language: 'it', theme: 'light', width: 390, name: 'it-light-phone-390' },
  ];
  for (const { language, theme, width, name } of variants) {
    const shot = await signedInDashboard(
      browser,
      auth,
      { language, theme },
      { width, height: 844 },
    );
    await shot.getByRole('heading', { name: device.displayName, exact: true }).click();
    const dialog = shot.getByRole('dialog');
    const callOut = dialog.getByTestId('call-out');
    await expect(callOut.locator('[data-next="true"]')).toBeVisible();
    await callOut.scrollIntoViewIfNeeded();
    await shot.screenshot({
      path: `${SHOTS}call-out-detail-${name}.png`,
      animations: 'disabled',
    });
    await shot.close();
  }
});
