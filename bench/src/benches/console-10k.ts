import { chromium } from 'playwright-core';
import { closeSos, login, nameOf, raiseSos, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import {
  longTasksBetween,
  pageHeapMb,
  pageOffset,
  pageProfiler,
  recordFrames,
  waitDone,
} from '../lib/browser-probe.js';
import { sleep, wallNow } from '../lib/clock.js';
import { startConsoleFleet } from '../lib/console-fleet.js';
import { measureGetAll, measureWritePause } from '../lib/getall-probe.js';
import { CHROMIUM } from '../lib/lighthouse.js';
import { CHROMIUM_FLAGS } from '../../../scripts/lib/chromium.mjs';
import { PROBE_SCRIPT } from '../lib/page-probe.js';
import { printTable } from '../lib/report.js';
import { measureSignIn, type SignIn } from '../lib/sign-in-probe.js';
import { pick } from '../lib/size.js';
import { round, summarize } from '../lib/stats.js';
import { toolVar } from '../../../scripts/lib/env.mjs';

/**
 * The console in Chromium with 10,000 devices: sign-in → first card painted; SOS raised →
 * its alert card painted; long tasks around each event; frames dropped while scrolling.
 */
const consoleTenK: Bench = {
  name: 'console-10k',
  summary:
    'Chromium, 10,000 devices: sign-in → first card, SOS → alert card (p95 of 50), long tasks, scroll frames',
  async run(ctx) {
    // --devices N (default 10,000; tiny 300); --postgres 1 seeds PostgreSQL at any size.
    const devices = ctx.flags?.devices ?? pick(ctx.size, 300, 10_000);
    const postgres = (ctx.flags?.postgres ?? 0) > 0;
    const alerts = pick(ctx.size, 10, 50);
    const scrollMs = pick(ctx.size, 1000, 4000);
    // Not pinned: the browser and the server share the machine, as on an operator's PC.
    // BENCH_CONSOLE_DIR serves another build (e.g. one with source maps, to read a --profile).
    const consoleDir = toolVar('BENCH_CONSOLE_DIR');
    const fleet = await startConsoleFleet(
      devices,
      postgres,
      consoleDir ? { SOS_CONSOLE_DIR: consoleDir } : {},
    );
    const { server, setupS } = fleet;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
      headless: true,
    });
    try {
      const token = await login(server.url);
      // getAll alone (before any browser): size and time per encoding; SOS writes held up by it.
      const getAll = await measureGetAll(server.url, token, pick(ctx.size, 2, 5));
      const writePause = await measureWritePause(
        server.url,
        token,
        devices - 2 * pick(ctx.size, 3, 10) + 1,
        pick(ctx.size, 3, 10),
      );
      const newPage = async () => {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'it-IT',
        });
        const page = await context.newPage();
        await page.addInitScript({ path: PROBE_SCRIPT });
        return { context, page };
      };
      // Sign-in → first card painted, over fresh page loads (a new browser context each: no
      // cache, no storage); the last one's page stays open for the rest of the bench.
      const loads = pick(ctx.size, 2, 5);
      const signIns: SignIn[] = [];
      for (let n = 1; n < loads; n++) {
        const fresh = await newPage();
        signIns.push(await measureSignIn(fresh.page, server.url));
        await fresh.context.close();
      }
      const { page } = await newPage();
      const profiled = pageProfiler(ctx, page);
      const stopLoadProfile = await profiled('load');
      signIns.push(await measureSignIn(page, server.url));
      await stopLoadProfile();
      const firstCardTimes = summarize(signIns.map((s) => s.submitToFirstCardMs));
      const signIn = {
        loads,
        submitToFirstCardMs: signIns.map((s) => s.submitToFirstCardMs),
        submitToDashboardMs: signIns.map((s) => s.submitToDashboardMs),
        audioGate: signIns.some((s) => s.audioGate),
        medianMs: round(firstCardTimes.p50, 0),
      };
      const signInCalls = signIns.at(-1)!.calls;
      const browserGetAll = signInCalls.filter((call) => call.path.endsWith('/device/getAll'));

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
      // The page's JavaScript heap with the list loaded (CDP: used and total, MB).
      const heap = await pageHeapMb(page);

      printTable(
        `console-10k: ${devices} devices (${fleet.database}, ${fleet.seeded} in ${setupS} s), Chromium ${browser.version()}, 1280×800`,
        [
          {
            figure: `submit → first card painted, median of ${loads} fresh loads (ms)`,
            value: signIn.medianMs,
            detail: `each: ${signIn.submitToFirstCardMs.join(', ')} ms (submit → dashboard ${signIn.submitToDashboardMs.join(', ')})${signIn.audioGate ? '; the audio prompt clicked as soon as shown' : ''}`,
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
            figure: 'getAll in the page: start → end from submit (ms)',
            value: browserGetAll.length,
            detail: browserGetAll
              .map((l) => `${l.startMs} → ${l.endMs} (first byte ${l.firstByteMs}), ${l.encoding}`)
              .join('; '),
          },
          {
            figure: 'page JavaScript heap, used (MB)',
            value: heap.usedMb,
            detail: `of ${heap.totalMb} MB allocated, after the scroll`,
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
      printTable(
        `GET /api/device/getAll, ${devices} devices (medians; Accept-Encoding as sent)`,
        getAll.map((row) => ({ ...row, KiB: round(row.bytes / 1024, 1) })),
      );
      printTable("the page's API calls, submit → first card (ms from the submit)", signInCalls);
      printTable('SOS raise (POST /api/device/sos) alone and 20 ms into a getAll (ms)', [
        { when: 'alone', ...writePause.idle },
        { when: 'during getAll', ...writePause.duringGetAll },
        { when: '(the getAll itself)', ...writePause.getAll },
      ]);
      const firstCardTarget = devices > 10_000 ? 2000 : 1500;
      return {
        results: {
          devices,
          database: fleet.database,
          seeded: fleet.seeded,
          getAll,
          writePause,
          alerts,
          setupS,
          signIn,
          signInCalls,
          alertPaintMs: alert,
          latencies: latencies.map((l) => round(l, 1)),
          clock,
          longTaskCount,
          eventLongTasks,
          idle,
          scroll,
          scrolledTo,
          heap,
          chromium: browser.version(),
        },
        targets: [
          {
            what: `submit → first card, median of ${loads} loads (ms)`,
            target: `≤ ${firstCardTarget.toLocaleString('en-US')}`,
            value: signIn.medianMs,
            met: signIn.medianMs <= firstCardTarget,
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
          `browser and server not pinned (they share both cores, as on an operator's PC); ${fleet.database} database`,
          'painted = the first task after the requestAnimationFrame following the DOM change; page and bench clocks compared over CDP',
          "dropped frames = Σ(round(gap / 16.7 ms) − 1) over requestAnimationFrame gaps; the idle line is this browser's floor here",
        ],
      };
    } finally {
      await browser.close();
      await fleet.dispose();
    }
  },
};

export default consoleTenK;
