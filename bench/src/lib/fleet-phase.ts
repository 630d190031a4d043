// One loaded phase of the fleet bench (benches/fleet.ts): the heartbeat generator
// (workers/fleet-heartbeats.ts) at the rate for the window, SOS raised one at a time meanwhile.
import type pg from 'pg';
import { fileURLToPath } from 'node:url';
import { wallNow } from './clock.js';
import type { Rounds } from './delivery-rounds.js';
import { isHeartbeatReport, type HeartbeatCommand } from './fleet-protocol.js';
import { loadWindow } from './load-window.js';
import { CpuMeter } from './proc.js';
import { API_KEY } from './server.js';
import { round } from './stats.js';

const WORKER = fileURLToPath(new URL('../workers/fleet-heartbeats.ts', import.meta.url));

export interface HeartbeatLoad {
  url: string;
  serverPid: number;
  db: pg.Client;
  devices: number;
  rate: number;
  seconds: number;
  /** The dashboards' client processes (their CPU is reported). */
  dashboardPids: () => number[];
  /** SOS raised one at a time until `stop(i)` (the phase's end). */
  sos: (stop: (i: number) => boolean) => Promise<Rounds>;
}

/** Heartbeats at the rate for the window (after a warm-up), SOS raised meanwhile. */
export async function heartbeatPhase(o: HeartbeatLoad) {
  // The generator and the dashboards share the load generators' core: if they are short
  // of CPU, late sends and late receipts show as latency that is not the server's.
  const dashboardsCpu = new CpuMeter(o.dashboardPids);
  const run = await loadWindow(
    {
      script: WORKER,
      what: 'heartbeats',
      seconds: o.seconds,
      serverPid: o.serverPid,
      db: o.db,
      accept: isHeartbeatReport,
      command: (startAt, warmupMs): HeartbeatCommand => ({
        type: 'run',
        url: o.url,
        apiKey: API_KEY,
        devices: o.devices,
        rate: o.rate,
        startAt,
        warmupMs,
        durationMs: o.seconds * 1000,
      }),
    },
    async (until) => {
      dashboardsCpu.start();
      const loaded = await o.sos(() => wallNow() >= until);
      return { loaded, dashboards: round(dashboardsCpu.stop(), 0) };
    },
  );
  return {
    loaded: run.value.loaded,
    heartbeats: run.report,
    cpu: {
      ...run.cpu,
      dashboards: run.value.dashboards,
      dashboardsWaited: round(dashboardsCpu.waitPercent(), 0),
    },
    statementsPerSecond: run.commitsPerSecond,
    warmupMs: run.warmupMs,
    window: run.window,
  };
}
export type HeartbeatPhase = Awaited<ReturnType<typeof heartbeatPhase>>;
