import { Agent } from 'undici';
import { apiPath } from '@sos/contract';
import { raiseSos, serialOf } from './api.js';
import { sleep, wallNow } from './clock.js';
import { CpuMeter, mib, peakRssBytes } from './proc.js';
import { writeProfileWindow } from './profile.js';
import { SseFleet } from './sse-fleet.js';
import { Progress } from './progress.js';
import { round, summarize, type Summary } from './stats.js';

/** Something that serves the live stream and POST /api/device/sos: the product or its floor. */
export interface LiveTarget {
  label: string;
  url: string;
  pid: number;
  rss(): number;
  /** Bearer token for the product; the floor needs none. */
  token?: string;
  /** Wall clock of its spawn, and where it writes its CPU profile (--profile). */
  spawnedAt: number;
  cpuProfileDir?: string;
}

export interface LiveRunOptions {
  streams: number;
  /** Client processes per target. */
  processes: number;
  warmupRounds: number;
  rounds: number;
  /** Pause after each alert, so each is measured alone. */
  gapMs: number;
  /** Connections each client process opens at a time. */
  openConcurrency: number;
}

export interface LiveRun {
  target: string;
  streamsOpened: number;
  streamsFailed: number;
  openErrors: string[];
  openSeconds: number;
  /** Every (alert, stream) pair: request sent → event received, ms. */
  latencyMs: Summary;
  /** Per alert, the time until the last stream had it, ms. */
  lastStreamMs: Summary;
  missing: number;
  /** CPU use during this target's own alerts (% of one core). */
  serverCpuPercent: number;
  clientsCpuPercent: number;
  /** Run-queue wait during this target's alerts, % of elapsed time (see CpuMeter.waitPercent). */
  serverWaitPercent: number;
  clientsWaitPercent: number;
  clientProcesses: number;
  rssMiB: { before: number; streamsOpen: number; afterAlerts: number; peak: number };
  memoryPerStreamKiB: number;
  clock: { maxOffsetMs: number; maxRoundTripMs: number };
}

interface Lane {
  target: LiveTarget;
  fleet: SseFleet;
  device: Agent;
  rssBefore: number;
  rssOpen: number;
  serverCpu: CpuMeter;
  clientsCpu: CpuMeter;
  latencies: number[];
  lastStream: number[];
  missing: number;
  measuredFrom: number;
}

/**
 * Opens the streams on every target, then raises alerts one at a time, taking the targets
 * in turn (the order rotates each round): machine noise then falls on the product and on
 * its floor alike, and their ratio means something even on a busy machine.
 */
export async function runLiveComparison(
  targets: LiveTarget[],
  options: LiveRunOptions,
): Promise<LiveRun[]> {
  const lanes: Lane[] = [];
  try {
    for (const target of targets) {
      const rssBefore = target.rss();
      const fleet = await SseFleet.start({
        streams: options.streams,
        processes: options.processes,
        url: target.url + apiPath('sosRealTime'),
        headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
        concurrency: options.openConcurrency,
      });
      // One warm keep-alive connection sends every alert, as a device that stays connected.
      const device = new Agent({ connections: 1, keepAliveTimeout: 600_000 });
      lanes.push({
        target,
        fleet,
        device,
        rssBefore,
        rssOpen: NaN,
        serverCpu: new CpuMeter(() => [target.pid]),
        clientsCpu: new CpuMeter(fleet.pids),
        latencies: [],
        lastStream: [],
        missing: 0,
        measuredFrom: 0,
      });
      process.stderr.write(
        `  ${target.label}: ${fleet.opened.ok} streams open in ${round(fleet.opened.ms / 1000, 1)} s` +
          (fleet.opened.failed > 0
            ? `, ${fleet.opened.failed} refused (${fleet.opened.errors.join('; ')})`
            : '') +
          '\n',
      );
      if (fleet.opened.ok === 0)
        throw new Error(`no stream opened on ${target.label}: ${fleet.opened.errors.join('; ')}`);
    }
    await sleep(500);
    for (const lane of lanes) lane.rssOpen = lane.target.rss();
    const total = options.warmupRounds + options.rounds;
    const progress = new Progress(`alerts (${lanes.length} targets each)`, total);
    for (let i = 0; i < total; i++) {
      progress.tick(
        i,
        `missing so far: ${lanes.map((l) => `${l.target.label} ${l.missing}`).join(', ')}`,
      );
      const measured = i >= options.warmupRounds;
      for (let j = 0; j < lanes.length; j++) {
        const lane = lanes[(i + j) % lanes.length]!;
        if (i === options.warmupRounds && lane.measuredFrom === 0) lane.measuredFrom = wallNow();
        if (measured) {
          lane.serverCpu.begin();
          lane.clientsCpu.begin();
        }
        const delivery = await lane.fleet.measure(
          async () => (await raiseSos(lane.target.url, serialOf(i + 1), lane.device)).id,
        );
        if (measured) {
          lane.serverCpu.end();
          lane.clientsCpu.end();
          for (const l of delivery.latencies) lane.latencies.push(l);
          if (delivery.latencies.length > 0) lane.lastStream.push(Math.max(...delivery.latencies));
          lane.missing += delivery.missing;
        }
        await sleep(options.gapMs);
      }
    }
    progress.tick(total);
    const runs: LiveRun[] = [];
    for (const lane of lanes) {
      const { target, fleet } = lane;
      if (target.cpuProfileDir)
        writeProfileWindow(target.cpuProfileDir, target.spawnedAt, lane.measuredFrom, wallNow());
      const rssAfter = target.rss();
      const status = await fleet.status();
      runs.push({
        target: target.label,
        streamsOpened: fleet.opened.ok,
        streamsFailed: fleet.opened.failed + status.lost,
        openErrors: fleet.opened.errors,
        openSeconds: round(fleet.opened.ms / 1000, 2),
        latencyMs: roundSummary(summarize(lane.latencies)),
        lastStreamMs: roundSummary(summarize(lane.lastStream)),
        missing: lane.missing,
        serverCpuPercent: round(lane.serverCpu.percent(), 0),
        clientsCpuPercent: round(lane.clientsCpu.percent(), 0),
        serverWaitPercent: round(lane.serverCpu.waitPercent(), 0),
        clientsWaitPercent: round(lane.clientsCpu.waitPercent(), 0),
        clientProcesses: fleet.children.length,
        rssMiB: {
          before: mib(lane.rssBefore),
          streamsOpen: mib(lane.rssOpen),
          afterAlerts: mib(rssAfter),
          // The kernel's high-water mark: the peak between the readings above, not only them.
          peak: mib(peakRssBytes(target.pid)),
        },
        memoryPerStreamKiB: round(
          (lane.rssOpen - lane.rssBefore) / 1024 / Math.max(1, fleet.opened.ok),
          1,
        ),
        clock: {
          maxOffsetMs: round(Math.max(...fleet.offsets.map(Math.abs)), 3),
          maxRoundTripMs: round(Math.max(...fleet.roundTrips), 3),
        },
      });
    }
    return runs;
  } finally {
    for (const lane of lanes) {
      await lane.device.close();
      await lane.fleet.close();
    }
  }
}

function roundSummary(s: Summary): Summary {
  return {
    count: s.count,
    min: round(s.min),
    p50: round(s.p50),
    p95: round(s.p95),
    p99: round(s.p99),
    max: round(s.max),
    mean: round(s.mean),
  };
}

/** The table row of one run. */
export function liveRow(run: LiveRun, floor?: LiveRun) {
  return {
    target: run.target,
    streams: run.streamsOpened,
    // Independent events are the alerts: each is seen by every stream at about the same time.
    alerts: run.lastStreamMs.count,
    deliveries: run.latencyMs.count,
    'p50 ms': run.latencyMs.p50,
    'p99 ms': run.latencyMs.p99,
    'max ms': run.latencyMs.max,
    'last-stream p50 ms': run.lastStreamMs.p50,
    'last-stream p99 ms': run.lastStreamMs.p99,
    missing: run.missing + run.streamsFailed,
    'server CPU %': run.serverCpuPercent,
    'clients CPU %': run.clientsCpuPercent,
    'server waited %': run.serverWaitPercent,
    'clients waited %': run.clientsWaitPercent,
    'p50 / floor': floor ? round(run.latencyMs.p50 / floor.latencyMs.p50, 2) : null,
    'p99 / floor': floor ? round(run.latencyMs.p99 / floor.latencyMs.p99, 2) : null,
  };
}
