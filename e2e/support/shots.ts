import type { Browser, Page } from '@playwright/test';
import type { AuthResponse } from '@sos/contract';
import { seedStorage, sessionStorageItems, type Preferences } from './fixtures.js';

/**
 * A signed-in dashboard past its audio prompt, in a tab of its own with the given language,
 * theme and viewport (1280×800 unless said): what every photographing spec starts from.
 */
export async function signedInDashboard(
  browser: Browser,
  auth: AuthResponse,
  prefs: Required<Preferences>,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  await seedStorage(page, {
    ...sessionStorageItems(auth),
    language: prefs.language,
    'current-theme': prefs.theme,
  });
  await page.goto('/sos');
  // The enabling click (the page shows only its prompt before it); selectors of any language.
  await page.getByRole('heading', { level: 1 }).click();
  return page;
}
