// One protocol's loaded phase of the receivers bench (benches/receivers.ts): the supervision
// generator (workers/receivers-load.ts) at the rate for the window while the bench sends alarms
// and, with --with-http, HTTP raises; what the bench measures of it.
import type pg from 'pg';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './bench.js';
import { wallNow } from './clock.js';
import { deliveryRounds, splitRounds, type Rounds } from './delivery-rounds.js';
import { loadWindow } from './load-window.js';
import type { ReceiverAlarms } from './receiver-alarms.js';
import type { SseFleet } from './sse-fleet.js';
import { flag } from './pg-stage.js';
import { pick } from './size.js';
import { summarize } from './stats.js';
import { isSupervisionReport, type SupervisionCommand } from './receivers-protocol.js';

const WORKER = fileURLToPath(new URL('../workers/receivers-load.ts', import.meta.url));
export type Protocol = 'DC09' | 'SCAIP';
/** Devices the loaded HTTP raises use in turn (--with-http): more than one phase raises. */
export const HTTP_LOADED_DEVICES = 4000;
export type { Rounds };

export function options(ctx: BenchContext) {
  return {
    accounts: flag(ctx, 'accounts', pick(ctx.size, 400, 100_000)),
    rate: flag(ctx, 'rate', pick(ctx.size, 100, 1667)),
    seconds: flag(ctx, 'seconds', pick(ctx.size, 4, 60)),
    dashboards: pick(ctx.size, 5, 20),
    // Every p99 over ≥ 1,000 alarms (bench/README.md): 1,000 idle per kind, and one every
    // 40 ms during the 60 s of supervision (~1,200 at ~9 ms each).
    httpIdleRounds: pick(ctx.size, 15, 1000),
    alarmIdleRounds: pick(ctx.size, 10, 1000),
    gapMs: pick(ctx.size, 100, 40),
    tcpConnections: pick(ctx.size, 8, 256),
    udpSockets: pick(ctx.size, 4, 16),
    // --with-http 1 (diagnosis): during the supervision, HTTP raises in turn with the alarms,
    // twice as often, so each keeps ~1,000 events: what the same load does to the HTTP path.
    withHttp: flag(ctx, 'with-http', 0) > 0,
  };
}
export type Options = ReturnType<typeof options>;

/** One protocol's supervision at the rate for the window, its alarms meanwhile. */
export async function loadedPhase(
  protocol: Protocol,
  o: Options,
  env: {
    url: string;
    port: number;
    key: string;
    fleet: SseFleet;
    alarms: ReceiverAlarms;
    serverPid: number;
    db: pg.Client;
  },
  nextAccount: () => number,
  http: () => Promise<number>,
) {
  const send =
    protocol === 'DC09'
      ? (a: number) => env.alarms.dc09Alarm(a)
      : (a: number) => env.alarms.scaipAlarm(a);
  const run = await loadWindow(
    {
      script: WORKER,
      what: 'supervision',
      seconds: o.seconds,
      serverPid: env.serverPid,
      db: env.db,
      accept: isSupervisionReport,
      command: (startAt, warmupMs): SupervisionCommand => ({
        type: 'run',
        protocol,
        host: '127.0.0.1',
        port: env.port,
        key: protocol === 'DC09' ? env.key : null,
        accounts: o.accounts,
        rate: o.rate,
        tcpConnections: protocol === 'DC09' ? o.tcpConnections : 0,
        udpSockets: o.udpSockets,
        startAt,
        warmupMs,
        durationMs: o.seconds * 1000,
      }),
    },
    async (until) => {
      env.alarms.takeAckMs();
      const [alarms, httpLoaded] = o.withHttp
        ? await splitRounds(
            env.fleet,
            o.gapMs / 2,
            () => wallNow() >= until,
            (i) => (i % 2 === 0 ? send(nextAccount()) : http()),
            (i) => i % 2,
          )
        : [
            await deliveryRounds(
              env.fleet,
              o.gapMs,
              () => wallNow() >= until,
              () => send(nextAccount()),
            ),
            undefined,
          ];
      return { alarms: alarms!, httpLoaded, ack: summarize(env.alarms.takeAckMs()) };
    },
  );
  return {
    supervision: run.report,
    ...run.value,
    cpu: { server: run.cpu.server, serverWaited: run.cpu.serverWaited, load: run.cpu.load },
    commitsPerSecond: run.commitsPerSecond,
    window: run.window,
  };
}
export type Phase = Awaited<ReturnType<typeof loadedPhase>>;
