import { chromium, type Page } from 'playwright-core';
import { closeSos, login, nameOf, raiseSos, registerDevices, serialOf } from '../lib/api.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench, BenchContext } from '../lib/bench.js';
import { sleep, wallNow } from '../lib/clock.js';
import { CHROMIUM, CHROMIUM_FLAGS } from '../lib/lighthouse.js';
import { PROBE_SCRIPT } from '../lib/page-probe.js';
import { printTable } from '../lib/report.js';
import { ADMIN, startServer } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { round, summarize } from '../lib/stats.js';
import { profileDir } from '../lib/targets.js';

const FRAME_MS = 1000 / 60;

/** Page clock minus this clock (ms): the evaluation with the shortest round trip wins. */
async function pageOffset(page: Page): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Infinity };
  for (let i = 0; i < 15; i++) {
    const t0 = wallNow();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t1 = wallNow();
    if (t1 - t0 < best.roundTrip) best = { offset: pageNow - (t0 + t1) / 2, roundTrip: t1 - t0 };
  }
  return best;
}

const waitDone = (page: Page, name: string, timeout = 60_000) =>
  page
    .waitForFunction((n) => window.__bench.done[n], name, { timeout, polling: 50 })
    .then((h) => h.jsonValue() as Promise<number>);

function droppedFrames(frames: number[]) {
  let dropped = 0;
  let longest = 0;
  for (let i = 1; i < frames.length; i++) {
    const gap = frames[i]! - frames[i - 1]!;
    longest = Math.max(longest, gap);
    dropped += Math.max(0, Math.round(gap / FRAME_MS) - 1);
  }
  return { frames: frames.length, dropped, longestFrameMs: round(longest, 1) };
}

/** Long tasks of the page between two page-clock times. */
const longTasksBetween = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([a, b]) => window.__bench.longTasks.filter((t) => t.at + t.duration >= a! && t.at <= b!),
    [from, to],
  );

async function recordFrames(page: Page, ms: number, during?: () => Promise<void>) {
  await page.evaluate(() => window.__bench.recordFrames(true));
  const from = await page.evaluate(() => performance.timeOrigin + performance.now());
  await (during ? during() : sleep(ms));
  const frames = await page.evaluate(() => {
    window.__bench.recordFrames(false);
    return window.__bench.frames;
  });
  const to = await page.evaluate(() => performance.timeOrigin + performance.now());
  return { ...droppedFrames(frames), longTasks: (await longTasksBetween(page, from, to)).length };
}

/**
 * --profile: records the page's JavaScript (CDP Profiler) during a phase into
 * results/profiles/console-10k-<phase>/, read by the runner like the server's profiles.
 */
function pageProfiler(ctx: BenchContext, page: Page) {
  return async (phase: string): Promise<() => Promise<void>> => {
    if (!ctx.profile) return async () => {};
    const dir = profileDir(ctx, `console-10k-${phase}`)!;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    return async () => {
      const { profile } = await cdp.send('Profiler.stop');
      // Named like node's own profiles (thread 0), so the runner finds it.
      writeFileSync(join(dir, `CPU.0.0.${phase}.0.001.cpuprofile`), JSON.stringify(profile));
      await cdp.detach();
    };
  };
}

/**
 * The console in Chromium with 10,000 devices: sign-in → first card painted; SOS raised →
 * its alert card painted; long tasks around each event; frames dropped while scrolling.
 */
const consoleTenK: Bench = {
  name: 'console-10k',
  summary:
    'Chromium, 10,000 devices: sign-in → first card, SOS → alert card (p95 of 50), long tasks, scroll frames',
  async run(ctx) {
    const devices = pick(ctx.size, 300, 10_000);
    const alerts = pick(ctx.size, 10, 50);
    const scrollMs = pick(ctx.size, 1000, 4000);
    // Not pinned: the browser and the server share the machine, as on an operator's PC.
    // BENCH_CONSOLE_DIR serves another build (e.g. one with source maps, to read a --profile).
    const consoleDir = process.env.BENCH_CONSOLE_DIR;
    const server = await startServer({
      side: 'any',
      env: consoleDir ? { SOS_CONSOLE_DIR: consoleDir } : {},
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      headless: true,
    });
    try {
      const setupStarted = performance.now();
      await registerDevices(server.url, devices, 16);
      const setupS = round((performance.now() - setupStarted) / 1000, 1);
      const token = await login(server.url);
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'it-IT',
      });
      const page = await context.newPage();
      await page.addInitScript({ path: PROBE_SCRIPT });
      const profiled = pageProfiler(ctx, page);

      // Sign-in → first card painted (the console asks for one click to enable audio: timed apart).
      await page.goto(`${server.url}/login`);
      await page.locator('input[autocomplete="username"]').fill(ADMIN.username);
      await page.locator('input[autocomplete="current-password"]').fill(ADMIN.password);
      await page.evaluate(() => {
        window.__bench.watch('first-card', 'first-card');
        window.__bench.watch('dashboard', 'dashboard');
      });
      await page.locator('button[type="submit"]').click();
      const dashboardAt = await waitDone(page, 'dashboard');
      const submitAt = (await page.evaluate(() => window.__bench.submitAt)) ?? dashboardAt;
      let unlockClickAt: number | null = null;
      let firstCardAt = await page.evaluate(() => window.__bench.done['first-card'] ?? null);
      if (firstCardAt === null) {
        await sleep(200);
        firstCardAt = await page.evaluate(() => window.__bench.done['first-card'] ?? null);
      }
      if (firstCardAt === null) {
        await page.locator('h1').first().click();
        unlockClickAt = (await page.evaluate(() => window.__bench.clickAt)) ?? null;
        firstCardAt = await waitDone(page, 'first-card');
      }
      const signIn = {
        submitToDashboardMs: round(dashboardAt - submitAt, 0),
        audioGate: unlockClickAt !== null,
        unlockClickToFirstCardMs:
          unlockClickAt === null ? null : round(firstCardAt - unlockClickAt, 0),
        // The bench's own wait before its unlock click is not the console's time.
        signInToFirstCardMs: round(
          unlockClickAt === null
            ? firstCardAt - submitAt
            : dashboardAt - submitAt + (firstCardAt - unlockClickAt),
          0,
        ),
      };

      // SOS raised → its alert card painted; long tasks around each event.
      const clock = await pageOffset(page);
      const latencies: number[] = [];
      const eventLongTasks: number[] = [];
      let longTaskCount = 0;
      const stopAlertsProfile = await profiled('alerts');
      for (let k = 1; k <= alerts; k++) {
        const name = nameOf(k);
        await page.evaluate((n) => window.__bench.watch(`alert-${n}`, 'alert', n), name);
        const sentAt = wallNow();
        const { id } = await raiseSos(server.url, serialOf(k));
        const paintedAt = (await waitDone(page, `alert-${name}`)) - clock.offset;
        latencies.push(paintedAt - sentAt);
        await sleep(150);
        const tasks = await longTasksBetween(
          page,
          sentAt + clock.offset,
          paintedAt + clock.offset + 150,
        );
        longTaskCount += tasks.length;
        eventLongTasks.push(...tasks.map((t) => round(t.duration, 0)));
        await page.evaluate((n) => window.__bench.watch(`closed-${n}`, 'no-alert', n), name);
        await closeSos(server.url, token, id);
        await waitDone(page, `closed-${name}`);
        await sleep(100);
      }
      await stopAlertsProfile();
      const alert = summarize(latencies);

      // Frames while idle (the floor of this browser on this machine), then while scrolling.
      await page.mouse.move(640, 500);
      const idle = await recordFrames(page, scrollMs);
      const stopScrollProfile = await profiled('scroll');
      const scroll = await recordFrames(page, scrollMs, async () => {
        const until = Date.now() + scrollMs;
        while (Date.now() < until) {
          await page.mouse.wheel(0, 400);
          await sleep(40);
        }
      });
      await stopScrollProfile();
      const scrolledTo = await page.evaluate(() => window.scrollY);

      printTable(
        `console-10k: ${devices} devices (registered in ${setupS} s), Chromium ${browser.version()}, 1280×800`,
        [
          {
            figure: 'sign-in → first card painted (ms)',
            value: signIn.signInToFirstCardMs,
            detail: signIn.audioGate
              ? `submit → dashboard ${signIn.submitToDashboardMs} ms + unlock click → first card ${signIn.unlockClickToFirstCardMs} ms`
              : '',
          },
          {
            figure: `SOS sent → alert card painted p50 (ms, ${alerts} alerts)`,
            value: round(alert.p50, 0),
            detail: `min ${round(alert.min, 0)}, max ${round(alert.max, 0)}`,
          },
          {
            figure: 'SOS sent → alert card painted p95 (ms)',
            value: round(alert.p95, 0),
            detail: `clock offset ±${round(clock.roundTrip / 2, 1)} ms`,
          },
          {
            figure: 'long tasks (> 50 ms) around the events',
            value: longTaskCount,
            detail: eventLongTasks.length ? `durations ${eventLongTasks.join(', ')} ms` : '',
          },
          {
            figure: 'frames dropped while idle (floor)',
            value: idle.dropped,
            detail: `${idle.frames} frames, longest ${idle.longestFrameMs} ms`,
          },
          {
            figure: 'frames dropped while scrolling',
            value: scroll.dropped,
            detail: `${scroll.frames} frames, longest ${scroll.longestFrameMs} ms, ${scroll.longTasks} long tasks, scrolled to y=${scrolledTo}`,
          },
        ],
      );
      return {
        results: {
          devices,
          alerts,
          setupS,
          signIn,
          alertPaintMs: alert,
          latencies: latencies.map((l) => round(l, 1)),
          clock,
          longTaskCount,
          eventLongTasks,
          idle,
          scroll,
          scrolledTo,
          chromium: browser.version(),
        },
        targets: [
          {
            what: 'sign-in → first card (ms)',
            target: '≤ 1,500',
            value: signIn.signInToFirstCardMs,
            met: signIn.signInToFirstCardMs <= 1500,
          },
          {
            what: 'SOS → alert card p95 (ms)',
            target: '≤ 100',
            value: round(alert.p95, 0),
            met: alert.p95 <= 100,
          },
          {
            what: 'long tasks > 50 ms on an event',
            target: 'none',
            value: longTaskCount,
            met: longTaskCount === 0,
          },
          {
            what: 'frames dropped while scrolling',
            target: 'none',
            value: scroll.dropped,
            met: scroll.dropped === 0,
          },
        ],
        notes: [
          "browser and server not pinned (they share both cores, as on an operator's PC); embedded database",
          'painted = the first task after the requestAnimationFrame following the DOM change; page and bench clocks compared over CDP',
          "dropped frames = Σ(round(gap / 16.7 ms) − 1) over requestAnimationFrame gaps; the idle line is this browser's floor here",
        ],
      };
    } finally {
      await browser.close();
      await server.dispose();
    }
  },
};

export default consoleTenK;
