// A load generator's timed window (fleet's heartbeats, the receivers' supervision): the worker
// on the clients' core runs at its rate for the window after a warm-up, while the bench
// measures something of its own; the server's and the generator's CPU and the database's
// commits over the window come with it.
import type pg from 'pg';
import { isReady, nextMessage, spawnNode, stopChild, timedRun } from './children.js';
import { sleep, wallNow } from './clock.js';
import { commits } from './delivery-rounds.js';
import { CpuMeter } from './proc.js';
import { round } from './stats.js';

export interface LoadWindowOptions<R> {
  script: string;
  /** What the worker is, in errors ("heartbeats"). */
  what: string;
  seconds: number;
  serverPid: number;
  db: pg.Client;
  accept: (message: unknown) => message is R;
  /** The worker's run command, for a start at `startAt` after `warmupMs`. */
  command: (startAt: number, warmupMs: number) => object;
}

/** Runs `during(until)` inside the worker's measured window; its report and the gauges after. */
export async function loadWindow<R, T>(
  o: LoadWindowOptions<R>,
  during: (until: number) => Promise<T>,
) {
  const warmupMs = Math.min(3000, o.seconds * 200);
  const worker = spawnNode({ side: 'clients', script: o.script, ipc: true });
  try {
    await nextMessage(worker, isReady, 60_000, `${o.what} worker start`);
    const timing = { warmupMs, seconds: o.seconds };
    const { startAt, from, until, report } = timedRun(worker, o.accept, o.what, timing);
    worker.send(o.command(startAt, warmupMs));
    await sleep(from - wallNow());
    const commitsBefore = await commits(o.db);
    const serverCpu = new CpuMeter(() => [o.serverPid]);
    const loadCpu = new CpuMeter(() => [worker.pid!]);
    serverCpu.start();
    loadCpu.start();
    const value = await during(until);
    const cpu = {
      server: round(serverCpu.stop(), 0),
      serverWaited: round(serverCpu.waitPercent(), 0),
      load: round(loadCpu.stop(), 0),
      loadWaited: round(loadCpu.waitPercent(), 0),
    };
    await sleep(1100); // the last second's statistics reach pg_stat_database
    const commitsPerSecond = round(((await commits(o.db)) - commitsBefore) / (o.seconds + 1.1), 0);
    return {
      value,
      report: await report,
      cpu,
      commitsPerSecond,
      warmupMs,
      window: { from, until },
    };
  } finally {
    await stopChild(worker, 5000);
  }
}
