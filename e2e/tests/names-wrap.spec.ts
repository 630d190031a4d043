import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { raiseSos } from '../support/devices.js';
import { expect, test, type Preferences } from '../support/fixtures.js';
import { uid } from '../support/unique.js';

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/** Names as long as a centre writes them, one a single long word, one in Arabic. */
const NAMES = [
  '0 SCAIP WALKTEST Ciondolo Sig.ra Bianchi Maria Teresa, Via Garibaldi 12',
  '0 Ciondolo Sig.ra Rossi Anna Maria, Appartamento 4B',
  '0 جهاز إنذار السيدة فاطمة الزهراء، غرفة النوم الكبيرة',
  '0 Rilevatorediallagamentocantinacondominiale',
];

/** Every card's name, close button and card box, measured in the page without scrolling. */
async function clipped(page: Page) {
  return page.locator('[data-device-id]').evaluateAll((items) =>
    items.flatMap((item) => {
      const name = item.querySelector('h2');
      if (!name) return [`${item.getAttribute('data-device-id')}: no name`];
      const card = item.getBoundingClientRect();
      const box = name.getBoundingClientRect();
      const problems: string[] = [];
      const label = name.textContent ?? '';
      if (name.scrollWidth > name.clientWidth) problems.push(`${label}: cut sideways`);
      if (name.scrollHeight > name.clientHeight + 1) problems.push(`${label}: cut below`);
      if (getComputedStyle(name).textOverflow === 'ellipsis') problems.push(`${label}: ellipsis`);
      if (box.left < card.left - 0.5 || box.right > card.right + 0.5)
        problems.push(`${label}: outside its card sideways`);
      if (box.bottom > card.bottom + 0.5) problems.push(`${label}: below its card`);
      for (const button of Array.from(item.querySelectorAll('button'))) {
        const b = button.getBoundingClientRect();
        if (b.right > card.right + 0.5 || b.left < card.left - 0.5 || b.bottom > card.bottom + 0.5)
          problems.push(`${label}: a button spills out of its card`);
        if (button.scrollWidth > button.clientWidth + 1)
          problems.push(`${label}: a button's label spills`);
      }
      return problems;
    }),
  );
}

const CASES: { prefs: Preferences; width: number; shot?: string }[] = [
  { prefs: { language: 'it', theme: 'light' }, width: 390, shot: 'shift2-names-it-light-200-390' },
  { prefs: { language: 'ar', theme: 'dark' }, width: 390, shot: 'shift2-names-ar-dark-200-390' },
  { prefs: { language: 'it', theme: 'light' }, width: 1280 },
  { prefs: { language: 'ar', theme: 'dark' }, width: 1280, shot: 'shift2-names-ar-dark-200-1280' },
];

/** docs/shift.md: a device's name on a card wraps at any text size and width, never cut. */
test.describe('names wrap on the cards at 200 % text', () => {
  test.beforeEach(async ({ admin }) => admin.closeAllOpenSos());

  for (const { prefs, width, shot } of CASES) {
    test(`${prefs.language}, ${prefs.theme}, ${width} px: every card's whole name is visible`, async ({
      page,
      signIn,
      fleet,
    }) => {
      test.setTimeout(90_000);
      const tag = uid('w').slice(-4);
      const added = [];
      for (const name of NAMES) added.push(await fleet.add(`${name} ${tag}`));
      // Two alert cards (one with a kind line), two plain ones.
      await raiseSos(added[0]!.sim);
      await added[1]!.sim.raiseSosOfKind('FALL');
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          document.documentElement.style.fontSize = '200%';
        });
      });
      await signIn(undefined, prefs);
      await page.goto('/sos');
      await page.locator('h1').first().click();
      // Other specs' alarms may come first in the shared fleet: ours are found on the way down.
      await expect(page.locator('[data-device-id] h2').first()).toBeVisible({ timeout: 30_000 });
      // The grid measures the cards after layout: the rows settle within a frame or two.
      await expect.poll(() => clipped(page), { timeout: 10_000 }).toEqual([]);
      if (shot) await page.screenshot({ path: `${SHOTS}${shot}.png`, animations: 'disabled' });
      // A screen at a time down to our last card: every card mounted on the way is whole too.
      const seen = new Set<string>();
      const ours = added.map(({ device }) => device.displayName);
      for (let step = 0; step < 20 && !ours.every((n) => seen.has(n)); step++) {
        await expect.poll(() => clipped(page), { timeout: 10_000 }).toEqual([]);
        for (const name of await page.locator('[data-device-id] h2').allTextContents())
          seen.add(name);
        await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
      }
      expect(ours.filter((n) => !seen.has(n))).toEqual([]);
      // And back up, through rows measured again on the way.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => clipped(page), { timeout: 10_000 }).toEqual([]);
    });
  }
});
