import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { BenchContext } from './bench.js';
import { sleep, wallNow } from './clock.js';
import { round } from './stats.js';
import { profileDir } from './targets.js';

/** The console-10k bench's measurements inside the page (probe: page-probe.ts). */

const FRAME_MS = 1000 / 60;

/** Page clock minus this clock (ms): the evaluation with the shortest round trip wins. */
export async function pageOffset(page: Page): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Infinity };
  for (let i = 0; i < 15; i++) {
    const t0 = wallNow();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t1 = wallNow();
    if (t1 - t0 < best.roundTrip) best = { offset: pageNow - (t0 + t1) / 2, roundTrip: t1 - t0 };
  }
  return best;
}

export const waitDone = (page: Page, name: string, timeout = 60_000) =>
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
export const longTasksBetween = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([a, b]) => window.__bench.longTasks.filter((t) => t.at + t.duration >= a! && t.at <= b!),
    [from, to],
  );

export async function recordFrames(page: Page, ms: number, during?: () => Promise<void>) {
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
export function pageProfiler(ctx: BenchContext, page: Page) {
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
 * The page's own API calls (wall clock, ms): when each started and ended, its first byte
 * after the start, and its encoding. Filled as responses finish.
 */
export function watchApiCalls(page: Page) {
  const calls: {
    path: string;
    startMs: number;
    endMs: number;
    firstByteMs: number;
    encoding: string;
  }[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const timing = request.timing();
    void request.response().then(
      (response) =>
        calls.push({
          path,
          startMs: timing.startTime,
          endMs: timing.startTime + timing.responseEnd,
          firstByteMs: round(timing.responseStart, 0),
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        }),
      // The page closed between the request's end and this lookup (a probe ends while the
      // console still polls): that call is past every measured window, so it is not counted.
      // Unhandled, this rejection killed the whole bench run (a CI run, console-10k tiny).
      () => undefined,
    );
  });
  return calls;
}

/** The page's JavaScript heap (CDP Runtime.getHeapUsage), in MB. */
export async function pageHeapMb(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
    return { usedMb: round(usedSize / 2 ** 20, 1), totalMb: round(totalSize / 2 ** 20, 1) };
  } finally {
    await cdp.detach();
  }
}
