import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { raiseSos } from '../support/devices.js';
import { expect, test, type Preferences } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { toolVar } from '../../scripts/lib/env.mjs';

const SHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
/** The docs' photos are taken in the screenshots run (`npm run shots`), not in the suite. */
const PHOTOGRAPH = toolVar('E2E_SHOTS') === 'docs';

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

/**
 * Words of a card's name or kind label split across lines although they fit the card's
 * content box: the name then has too little room (beside the icons on a narrow card).
 */
async function splitWords(page: Page) {
  return page.locator('[data-device-id]').evaluateAll((items) =>
    items.flatMap((item) => {
      const card = item.firstElementChild;
      if (!card) return [];
      const style = getComputedStyle(card);
      const room =
        card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const problems: string[] = [];
      for (const text of Array.from(item.querySelectorAll('h2, [data-testid="sos-kind"]'))) {
        const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
            const width = rects.reduce((sum, r) => sum + r.width, 0);
            const tops = rects.map((r) => r.top);
            const lines = Math.max(...tops) - Math.min(...tops) > (rects[0]?.height ?? 0) / 2;
            // A word wider than the whole card may be split (docs/shift.md); one that fits, never.
            if (lines && width < room - 1) problems.push(`${word[0]} split in ${text.textContent}`);
          }
        }
      }
      return problems;
    }),
  );
}

/**
 * Names not on the card's starting side (right in Arabic), whatever their own direction:
 * the text's widest reach must touch the name's starting edge.
 */
async function offStart(page: Page) {
  return page.locator('[data-device-id] h2').evaluateAll((names) =>
    names.flatMap((name) => {
      const rtl = getComputedStyle(name.parentElement ?? name).direction === 'rtl';
      const box = name.getBoundingClientRect();
      const style = getComputedStyle(name);
      const range = document.createRange();
      range.selectNodeContents(name);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      if (rects.length === 0) return [`${name.textContent}: no text`];
      const gap = rtl
        ? box.right - parseFloat(style.paddingRight) - Math.max(...rects.map((r) => r.right))
        : Math.min(...rects.map((r) => r.left)) - box.left - parseFloat(style.paddingLeft);
      return Math.abs(gap) > 1 ? [`${name.textContent}: ${Math.round(gap)} px from its start`] : [];
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
      // Two alert cards (one with a kind line, "Emergenza medica"), two plain ones.
      await raiseSos(added[0]!.sim);
      await added[1]!.sim.raiseSosOfKind('MEDICAL');
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
      await expect.poll(() => clipped(page)).toEqual([]);
      // Words break at spaces: a narrow card gives its name and kind label its whole width.
      await expect.poll(() => splitWords(page)).toEqual([]);
      // Each name on the card's starting side, a Latin one in Arabic too.
      await expect.poll(() => offStart(page)).toEqual([]);
      if (shot && PHOTOGRAPH)
        await page.screenshot({ path: `${SHOTS}${shot}.png`, animations: 'disabled' });
      // A screen at a time down to our last card: every card mounted on the way is whole too.
      const seen = new Set<string>();
      const ours = added.map(({ device }) => device.displayName);
      for (let step = 0; step < 20 && !ours.every((n) => seen.has(n)); step++) {
        await expect.poll(() => clipped(page)).toEqual([]);
        await expect.poll(() => splitWords(page)).toEqual([]);
        await expect.poll(() => offStart(page)).toEqual([]);
        for (const name of await page.locator('[data-device-id] h2').allTextContents())
          seen.add(name);
        await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
      }
      expect(ours.filter((n) => !seen.has(n))).toEqual([]);
      // And back up, through rows measured again on the way.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => clipped(page)).toEqual([]);
    });
  }
});
