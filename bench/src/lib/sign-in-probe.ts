import type { Page } from 'playwright-core';
import { watchApiCalls, waitDone } from './browser-probe.js';
import { round } from './stats.js';
import { ADMIN } from './server.js';

/**
 * One sign-in as an operator does it, timed from the submit click to the first card painted,
 * everything between included: the token, the dashboard's mount, the device list's download
 * and parse, the first paint. The console shows its audio prompt until a click: the probe
 * clicks the moment the dashboard appears (a person needs longer, during which the list keeps
 * downloading), and that click's own few milliseconds stay inside the figure.
 */
export async function measureSignIn(page: Page, url: string) {
  const apiCalls = watchApiCalls(page);
  await page.goto(`${url}/login`);
  await page.locator('input[autocomplete="username"]').fill(ADMIN.username);
  await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
  await page.evaluate(() => {
    window.__bench.watch('first-card', 'first-card');
    window.__bench.watch('dashboard', 'dashboard');
  });
  await page.locator('button[type="submit"]').click();
  const dashboardAt = await waitDone(page, 'dashboard');
  const submitAt = (await page.evaluate(() => window.__bench.submitAt)) ?? dashboardAt;
  let firstCardAt = await page.evaluate(() => window.__bench.done['first-card'] ?? null);
  const audioGate = firstCardAt === null;
  if (firstCardAt === null) {
    await page.locator('h1').first().click();
    firstCardAt = await waitDone(page, 'first-card');
  }
  const firstCard = firstCardAt;
  // The page's API calls from the submit to the first card (their clock: the wall's).
  const calls = apiCalls
    .filter((call) => call.startMs <= firstCard)
    .map((call) => ({
      ...call,
      startMs: round(call.startMs - submitAt, 0),
      endMs: round(call.endMs - submitAt, 0),
    }));
  return {
    submitToDashboardMs: round(dashboardAt - submitAt, 0),
    submitToFirstCardMs: round(firstCard - submitAt, 0),
    audioGate,
    calls,
  };
}

export type SignIn = Awaited<ReturnType<typeof measureSignIn>>;
