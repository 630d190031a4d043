import { Agent } from 'undici';
import { apiPath } from '@sos/contract';
import { raiseSos, serialOf } from './api.js';
import { sleep, wallNow } from './clock.js';
import { writeProfileWindow } from './profile.js';
import { CpuMeter, mib } from './proc.js';
import { SseFleet } from './sse-fleet.js';
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
  processes: number;
  warmupRounds: number;
  rounds: number;
  /** Pause between two alerts, so each is measured alone. */
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
  serverCpuPercent: number;
  clientsCpuPercent: number;
  clientProcesses: number;
  rssMiB: { before: number; streamsOpen: number; afterAlerts: number };
  memoryPerStreamKiB: number;
  clock: { maxOffsetMs: number; maxRoundTripMs: number };
}

/** Opens the streams, raises warm-up + measured alerts one at a time, and times every delivery. */
export async function runLiveRounds(target: LiveTarget, options: LiveRunOptions): Promise<LiveRun> {
  const rssBefore = target.rss();
  const fleet = await SseFleet.start({
    streams: options.streams,
    processes: options.processes,
    url: target.url + apiPath('sosRealTime'),
    headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
    concurrency: options.openConcurrency,
  });
  // One warm keep-alive connection sends every alert, as a device that stays connected.
  const device = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  try {
    if (fleet.opened.ok === 0) {
      throw new Error(`no stream opened on ${target.label}: ${fleet.opened.errors.join('; ')}`);
    }
    await sleep(500);
    const rssOpen = target.rss();
    const serverCpu = new CpuMeter(() => [target.pid]);
    const clientsCpu = new CpuMeter(fleet.pids);
    const latencies: number[] = [];
    const lastStream: number[] = [];
    let missing = 0;
    let measuredFrom = wallNow();
    for (let i = 0; i < options.warmupRounds + options.rounds; i++) {
      if (i === options.warmupRounds) {
        measuredFrom = wallNow();
        serverCpu.start();
        clientsCpu.start();
      }
      const delivery = await fleet.measure(async () => (await raiseSos(target.url, serialOf(i + 1), device)).id);
      if (i >= options.warmupRounds) {
        for (const l of delivery.latencies) latencies.push(l);
        if (delivery.latencies.length > 0) lastStream.push(Math.max(...delivery.latencies));
        missing += delivery.missing;
      }
      await sleep(options.gapMs);
    }
    const serverCpuPercent = serverCpu.stop();
    if (target.cpuProfileDir) writeProfileWindow(target.cpuProfileDir, target.spawnedAt, measuredFrom, wallNow());
    const clientsCpuPercent = clientsCpu.stop();
    const rssAfter = target.rss();
    const status = await fleet.status();
    return {
      target: target.label,
      streamsOpened: fleet.opened.ok,
      streamsFailed: fleet.opened.failed + status.lost,
      openErrors: fleet.opened.errors,
      openSeconds: round(fleet.opened.ms / 1000, 2),
      latencyMs: roundSummary(summarize(latencies)),
      lastStreamMs: roundSummary(summarize(lastStream)),
      missing,
      serverCpuPercent: round(serverCpuPercent, 0),
      clientsCpuPercent: round(clientsCpuPercent, 0),
      clientProcesses: fleet.children.length,
      rssMiB: { before: mib(rssBefore), streamsOpen: mib(rssOpen), afterAlerts: mib(rssAfter) },
      memoryPerStreamKiB: round((rssOpen - rssBefore) / 1024 / Math.max(1, fleet.opened.ok), 1),
      clock: {
        maxOffsetMs: round(Math.max(...fleet.offsets.map(Math.abs)), 3),
        maxRoundTripMs: round(Math.max(...fleet.roundTrips), 3),
      },
    };
  } finally {
    await device.close();
    await fleet.close();
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
    samples: run.latencyMs.count,
    'p50 ms': run.latencyMs.p50,
    'p99 ms': run.latencyMs.p99,
    'max ms': run.latencyMs.max,
    'last-stream p50 ms': run.lastStreamMs.p50,
    missing: run.missing + run.streamsFailed,
    'server CPU %': run.serverCpuPercent,
    'clients CPU %': run.clientsCpuPercent,
    'p99 / floor': floor ? round(run.latencyMs.p99 / floor.latencyMs.p99, 2) : null,
  };
}
