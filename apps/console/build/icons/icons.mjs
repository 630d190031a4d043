// Draws the installable console's icons (public/icons/*.png) from the SVG below, rasterised by
// Chromium (Playwright, as the e2e tests use it). Run by hand when the drawing changes:
//   node build/icons/icons.mjs      (the PNGs are committed; the build does not run this)
import { chromium } from 'playwright';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../../../scripts/lib/chromium.mjs';

const OUT = fileURLToPath(new URL('../../public/icons/', import.meta.url));

/** The mark of the logo (public/logo.svg): "SOS" in white on a red disc, with signal arcs. */
const mark = (arcs) => `
  ${
    arcs
      ? `<g fill="none" stroke="${arcs}" stroke-width="5" stroke-linecap="round">
    <path d="M16.87 42.02A52 52 0 0 0 16.87 85.98"/>
    <path d="M9.62 38.64A60 60 0 0 0 9.62 89.36" opacity=".55"/>
    <path d="M111.13 42.02A52 52 0 0 1 111.13 85.98"/>
    <path d="M118.38 38.64A60 60 0 0 1 118.38 89.36" opacity=".55"/>
  </g>`
      : ''
  }
  <circle cx="64" cy="64" r="44" fill="url(#g)"/>
  <circle cx="64" cy="64" r="40" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>
  <g fill="none" stroke="#fff" stroke-width="6.5" stroke-linecap="round" stroke-linejoin="round">
    <path d="M46 55Q44 51 38 51Q30 51 30 57.5Q30 63 38 64Q46 65 46 70.5Q46 77 38 77Q32 77 30 73"/>
    <ellipse cx="64" cy="64" rx="7.5" ry="13"/>
    <path d="M98 55Q96 51 90 51Q82 51 82 57.5Q82 63 90 64Q98 65 98 70.5Q98 77 90 77Q84 77 82 73"/>
  </g>`;
const gradient = `<defs><radialGradient id="g" cx="40%" cy="35%" r="70%">
  <stop offset="0" stop-color="#ef5350"/><stop offset="1" stop-color="#b71c1c"/></radialGradient></defs>`;

const ICONS = {
  // "any": a white rounded tile, the mark with its arcs.
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">${gradient}
    <rect x="2" y="2" width="124" height="124" rx="28" fill="#fff"/>
    <g transform="translate(8 8) scale(.875)">${mark('#e53935')}</g></svg>`,
  // "maskable": full bleed dark red; the mark within the central 80 % safe zone.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">${gradient}
    <rect width="128" height="128" fill="#7f0000"/>
    <g transform="translate(24 24) scale(.625)">${mark('#ff8a80')}</g></svg>`,
  // Android's status-bar badge: only its alpha counts, so a disc with the letters cut out.
  badge: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128">
    <mask id="m"><rect width="128" height="128" fill="#fff"/>
      <g fill="none" stroke="#000" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">
        <path d="M46 55Q44 51 38 51Q30 51 30 57.5Q30 63 38 64Q46 65 46 70.5Q46 77 38 77Q32 77 30 73"/>
        <ellipse cx="64" cy="64" rx="7.5" ry="13"/>
        <path d="M98 55Q96 51 90 51Q82 51 82 57.5Q82 63 90 64Q98 65 98 70.5Q98 77 90 77Q84 77 82 73"/>
      </g></mask>
    <circle cx="64" cy="64" r="54" fill="#fff" mask="url(#m)"/></svg>`,
};

const OUTPUTS = [
  ['icon-192.png', 'any', 192],
  ['icon-512.png', 'any', 512],
  ['maskable-192.png', 'maskable', 192],
  ['maskable-512.png', 'maskable', 512],
  ['badge-96.png', 'badge', 96],
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage();
for (const [file, kind, size] of OUTPUTS) {
  await page.setViewportSize({ width: size, height: size });
  const svg = ICONS[kind].replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: OUT + file, omitBackground: true });
  console.log(`icons: ${file}`);
}
await browser.close();
