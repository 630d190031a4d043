import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const ROOT = '<div id="root"></div>';

/**
 * Until the scripts have run, the page shows the logo alone, centred near its top, so a slow
 * phone sees the console at once instead of a blank page for seconds (Lighthouse mobile:
 * first paint ~2.5 s after the entry's scripts, bench `weight`). Written into the page as a
 * data: URL (the server's policy allows data: images): no request of its own. Fixed in place,
 * so nothing moves under it while the page settles; the console's first render replaces it.
 */
export function logoSplash(logoFile: string): Plugin {
  const logo = `data:image/svg+xml,${encodeURIComponent(readFileSync(logoFile, 'utf8').trim())}`;
  const splash =
    `<img src="${logo}" alt="" width="96" height="96" ` +
    'style="position: fixed; top: 96px; left: calc(50% - 48px)">';
  return {
    name: 'sos-logo-splash',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
      return html.replace(ROOT, `<div id="root">${splash}</div>`);
    },
  };
}
