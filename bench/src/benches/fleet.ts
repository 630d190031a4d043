import { fileURLToPath } from 'node:url';
import { commits } from '../lib/delivery-rounds.js';
import type { Bench } from '../lib/bench.js';
import { isReady, nextMessage, spawnNode, stopChild, timedRun } from '../lib/children.js';
import { sleep, wallNow } from '../lib/clock.js';
import { flag, ms, sosRounds, startPgStage } from '../lib/pg-stage.js';
import { CpuMeter } from '../lib/proc.js';
import { printTable } from '../lib/report.js';
import { API_KEY } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { profileDir } from '../lib/targets.js';
import { writeProfileWindow } from '../lib/profile.js';
import { round } from '../lib/stats.js';
import { isHeartbeatReport, type HeartbeatCommand } from '../workers/fleet-protocol.js';

const WORKER = fileURLToPath(new URL('../workers/fleet-heartbeats.ts', import.meta.url));

/**
 * A fleet of devices heartbeating at a fixed rate on PostgreSQL (generator on the other core),
 * and, in the same run, SOS → dashboard delivery before the heartbeats (idle) and during them.
 */
const fleetBench: Bench = {
  name: 'fleet',
  summary:
    'N devices heartbeating at R/s on PostgreSQL: heartbeat latency, SOS p99 loaded vs idle (--devices --rate --seconds)',
  async run(ctx) {
    const options = {
      devices: flag(ctx, 'devices', pick(ctx.size, 500, 100_000)),
      rate: flag(ctx, 'rate', pick(ctx.size, 100, 1667)),
      seconds: flag(ctx, 'seconds', pick(ctx.size, 5, 60)),
      dashboards: pick(ctx.size, 5, 20),
      // ≥ 1,000 SOS idle and ≥ 1,000 during the 60 s of heartbeats (one every 40 ms plus its
      // ~15 ms round), at full size: each p99 over at least 1,000 independent events.
      idleRounds: pick(ctx.size, 15, 1000),
      sosGapMs: pick(ctx.size, 100, 40),
    };
    const warmupMs = Math.min(3000, options.seconds * 200);
    const cpuProfileDir = profileDir(ctx, 'fleet-postgres');
    const stage = await startPgStage({
      label: 'fleet',
      devices: options.devices,
      dashboards: options.dashboards,
      cpuProfileDir,
    });
    if ('skipped' in stage)
      return { results: { skipped: stage.skipped }, targets: [], notes: [stage.skipped] };
    const { server, client, fleet: f } = stage;
    try {
      await sosRounds(f, server.url, 1, options.sosGapMs, (i) => i >= 3); // warm-up
      const idle = await sosRounds(
        f,
        server.url,
        4,
        options.sosGapMs,
        (i) => i >= options.idleRounds,
      );

      const worker = spawnNode({ side: 'clients', script: WORKER, ipc: true });
      try {
        await nextMessage(worker, isReady, 60_000, 'heartbeat worker start');
        const { startAt, from, until, report } = timedRun(worker, isHeartbeatReport, 'heartbeats', {
          warmupMs,
          seconds: options.seconds,
        });
        const command: HeartbeatCommand = {
          type: 'run',
          url: server.url,
          apiKey: API_KEY,
          devices: options.devices,
          rate: options.rate,
          startAt,
          warmupMs,
          durationMs: options.seconds * 1000,
        };
        worker.send(command);
        await sleep(from - wallNow());
        const commitsBefore = await commits(client);
        const serverCpu = new CpuMeter(() => [server.pid]);
        // The generator and the dashboards share the load generators' core: if they are short
        // of CPU, late sends and late receipts show as latency that is not the server's.
        const generatorCpu = new CpuMeter(() => [worker.pid!]);
        const dashboardsCpu = new CpuMeter(f.pids);
        serverCpu.start();
        generatorCpu.start();
        dashboardsCpu.start();
        const loaded = await sosRounds(
          f,
          server.url,
          4 + options.idleRounds,
          options.sosGapMs,
          () => wallNow() >= until,
        );
        const serverCpuPercent = round(serverCpu.stop(), 0);
        const serverWaitPercent = round(serverCpu.waitPercent(), 0);
        const generator = {
          cpu: round(generatorCpu.stop(), 0),
          waited: round(generatorCpu.waitPercent(), 0),
        };
        const dashboards = {
          cpu: round(dashboardsCpu.stop(), 0),
          waited: round(dashboardsCpu.waitPercent(), 0),
        };
        if (cpuProfileDir) writeProfileWindow(cpuProfileDir, server.spawnedAt, from, until);
        await sleep(1100); // the last second's statistics reach pg_stat_database
        const statementsPerSecond = round(
          ((await commits(client)) - commitsBefore) / (options.seconds + 1.1),
          0,
        );
        const beats = await report;
        const ratio = round(loaded.latency.p99 / idle.latency.p99, 2);
        printTable(
          `fleet: ${options.devices} devices, ${options.rate} heartbeats/s for ${options.seconds} s (after ${warmupMs / 1000} s warm-up), SOS to ${options.dashboards} dashboards, PostgreSQL`,
          [
            {
              what: 'SOS → dashboard, idle',
              ...ms(idle.latency),
              SOS: idle.perSos.count,
              'p99 over SOS (slowest dashboard)': round(idle.perSos.p99),
              missing: idle.missing,
            },
            {
              what: 'SOS → dashboard, heartbeating',
              ...ms(loaded.latency),
              SOS: loaded.perSos.count,
              'p99 over SOS (slowest dashboard)': round(loaded.perSos.p99),
              missing: loaded.missing,
            },
            {
              what: 'heartbeat answered 204',
              ...ms(beats.latencyMs),
              missing: beats.sent - beats.answered204,
            },
            { what: 'heartbeat send lag (generator)', ...ms(beats.sendLagMs), missing: 0 },
          ],
        );
        const achieved = round(beats.answered204 / options.seconds, 0);
        printTable('fleet: load', [
          {
            'heartbeats sent': beats.sent,
            '204': beats.answered204,
            errors: beats.errors,
            'answered/s': achieved,
            'commits/s (database)': statementsPerSecond,
            'server CPU %': serverCpuPercent,
            'server waited %': serverWaitPercent,
            'generator CPU / waited %': `${generator.cpu} / ${generator.waited}`,
            'dashboards CPU / waited %': `${dashboards.cpu} / ${dashboards.waited}`,
          },
        ]);
        if (beats.errorSamples.length)
          console.log(`  heartbeat errors, e.g.: ${beats.errorSamples.join(' | ')}`);
        return {
          results: {
            options,
            warmupMs,
            idle,
            loaded,
            heartbeats: beats,
            statementsPerSecond,
            serverCpuPercent,
            serverWaitPercent,
            generator,
            dashboards,
          },
          targets: [
            {
              what: 'SOS p99 heartbeating / idle p99',
              target: '≤ 2',
              value: ratio,
              met: ratio <= 2,
            },
            {
              what: 'heartbeats answered/s',
              target: `≥ ${options.rate}`,
              value: achieved,
              met: achieved >= options.rate * 0.99,
            },
            {
              what: 'heartbeat errors (non-204)',
              target: '0',
              value: beats.errors,
              met: beats.errors === 0,
            },
          ],
          notes: [
            "heartbeat latency: scheduled send → 204, in the generator process (open loop: a late send counts its wait); send lag: scheduled → actually sent, the part that is the generator's own",
            'SOS latency: POST /api/device/sos sent → new-sos received on every dashboard stream; idle rounds run just before the heartbeats, in the same run',
            'commits/s: pg_stat_database.xact_commit over the loaded window (heartbeat batches, SOS, sweeps, stream reads)',
          ],
        };
      } finally {
        await stopChild(worker, 5000);
      }
    } finally {
      await stage.dispose();
    }
  },
};

export default fleetBench;
