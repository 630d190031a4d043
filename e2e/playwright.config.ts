import { defineConfig } from '@playwright/test';
import { E2E } from './env.js';
import { toolVar } from '../scripts/lib/env.mjs';
import { CHROMIUM, CHROMIUM_FLAGS, LIGHT_CHROMIUM } from '../scripts/lib/chromium.mjs';

// Debian's Chromium (scripts/lib/chromium.mjs): its headless shell, a third less CPU than the
// full browser for the same tests (99 against 156 CPU-s for 19 tests on one machine); the
// full browser for Web Push: the shell shows no service worker's notifications (docs/push.md).
const NEEDS_FULL = /push\.spec\.ts/;
const SHOTS = /-shots\.spec\.ts/;
/** A test of the suite that also photographs for the docs in their run (E2E_SHOTS=docs). */
const ALSO_SHOTS = /names-wrap\.spec\.ts/;
const README_SHOTS = /readme-shots\.spec\.ts/;
const ARGS = [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'];

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // One server and one database for the whole run: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: toolVar('CI') ? 1 : 0,
  // What a user waits for shows within a second or two here; a CI machine shared with other
  // runs has stalled whole seconds at a time (pages' headings missed a 10 s wait twice in one
  // run), so waits give up at 20 s. Steps that must be quick assert their own bounds.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: E2E.baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // Blinking cards repaint 60 times a second for as long as an SOS is open: reduced motion
    // (which the console honours: docs/console.md, Dashboard) stops them and saves a sixth of the run's
    // CPU. The tests of the blinking itself ask for motion again (page.emulateMedia).
    reducedMotion: 'reduce',
    // Recording a trace costs a third of the run's CPU (its screencast and DOM snapshots): on
    // CI, whose failed tests run again, only the retry records one; elsewhere every failure.
    trace: toolVar('CI') ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: LIGHT_CHROMIUM, args: ARGS },
  },
  // Screenshots for the docs are a tool, not tests (`npm run shots -w e2e`): E2E_SHOTS=docs
  // runs the *-shots specs (and names-wrap, which photographs only then), E2E_SHOTS=readme
  // the README's, on its own: it wants a dashboard no other spec has crowded. The suite leaves
  // both out, and the voice spec (playwright.voice.config.ts). It is one run, one worker: the
  // specs in the full browser after the rest.
  projects:
    toolVar('E2E_SHOTS') === 'readme'
      ? [{ name: 'chromium', testMatch: README_SHOTS }]
      : toolVar('E2E_SHOTS') === 'docs'
        ? [{ name: 'chromium', testMatch: [SHOTS, ALSO_SHOTS], testIgnore: README_SHOTS }]
        : [
            { name: 'chromium', testIgnore: [SHOTS, /voice\.spec\.ts/, NEEDS_FULL] },
            {
              name: 'chromium (full)',
              testMatch: NEEDS_FULL,
              use: { launchOptions: { executablePath: CHROMIUM, args: ARGS } },
            },
          ],
  webServer: {
    command: 'node scripts/serve.mjs',
    // The console's page: it answers only once the server is up.
    url: `${E2E.baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      SOS_ADMIN_USERNAME: E2E.admin.username,
      SOS_ADMIN_PASSWORD: E2E.admin.password,
      SOS_DEVICE_API_KEY: E2E.apiKey,
      SOS_DC09_PORT: String(E2E.dc09Port),
      SOS_DC09_KEY: E2E.dc09Key,
      SOS_SCAIP_PORT: String(E2E.scaipPort),
      SOS_RATE_LIMIT: '100000',
      SOS_DEVICE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
    },
  },
});
