// Debian's Chromium, the one browser of every tool here (the console's icons, the end-to-end
// runs, the benches): Playwright cannot download its own on these machines.
import { existsSync } from 'node:fs';
import { toolVar } from './env.mjs';

/** The full browser: CHROMIUM_PATH when set, else Debian's package `chromium`. */
export const CHROMIUM = toolVar('CHROMIUM_PATH') ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium's headless shell (Debian's package `chromium-headless-shell`), the same engine
 * without the desktop browser around it, what Playwright itself runs headless: a third less
 * CPU for the same tests. CHROMIUM_PATH when set; the full browser when the shell is not
 * installed.
 */
export const LIGHT_CHROMIUM =
  toolVar('CHROMIUM_PATH') ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

/**
 * The flags every launch takes: no sandbox (root in a container), no GPU, /tmp instead of a
 * small /dev/shm, and none of the background connections a closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
