import type { Bench } from '../lib/bench.js';
import type { Rounds } from '../lib/delivery-rounds.js';
import { heartbeatPhase, type HeartbeatPhase } from '../lib/fleet-phase.js';
import { flag, ms, sosRounds, startPgStage } from '../lib/pg-stage.js';
import { printTable } from '../lib/report.js';
import { pick } from '../lib/size.js';
import { profileDir } from '../lib/targets.js';
import { writeProfileWindow } from '../lib/profile.js';
import { round } from '../lib/stats.js';

/**
 * A fleet of devices heartbeating at a fixed rate on PostgreSQL (generator on the other core),
 * and, in the same run, SOS → dashboard delivery idle and during the heartbeats, in turn:
 * idle, load, idle, load, each loaded phase judged against the idle one just before it.
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
      // --pairs N: idle and loaded phases in turn, each loaded one judged against its idle one.
      pairs: flag(ctx, 'pairs', 2),
    };
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
    // Each SOS from a device of its own (a device's second raise joins its open SOS).
    let nextDevice = 1;
    const sos = (stop: (i: number) => boolean) =>
      sosRounds(f, server.url, nextDevice, options.sosGapMs, (i) => {
        const done = stop(i);
        if (done) nextDevice += i;
        return done;
      });
    try {
      await sos((i) => i >= 3); // warm-up
      const pairs: Array<{ idle: Rounds; phase: HeartbeatPhase }> = [];
      for (let p = 0; p < options.pairs; p++) {
        const idle = await sos((i) => i >= options.idleRounds);
        const phase = await heartbeatPhase({
          url: server.url,
          serverPid: server.pid,
          db: client,
          devices: options.devices,
          rate: options.rate,
          seconds: options.seconds,
          dashboardPids: f.pids,
          sos,
        });
        pairs.push({ idle, phase });
      }
      // --profile: the loaded windows (and the idle phases between them) are the measured part.
      if (cpuProfileDir)
        writeProfileWindow(
          cpuProfileDir,
          server.spawnedAt,
          pairs[0]!.phase.window.from,
          pairs.at(-1)!.phase.window.until,
        );
      const ratios = pairs.map(({ idle, phase }) =>
        round(phase.loaded.latency.p99 / idle.latency.p99, 2),
      );
      const worst = Math.max(...ratios);
      print(options, pairs, ratios);
      const beats = pairs.map((p) => p.phase.heartbeats);
      const achieved = Math.min(...beats.map((b) => round(b.answered204 / options.seconds, 0)));
      const errors = beats.reduce((n, b) => n + b.errors, 0);
      return {
        results: { options, pairs, ratios },
        targets: [
          {
            what: `SOS p99 heartbeating / idle p99 just before, worst of ${pairs.length} (idle, load, idle, load)`,
            target: '≤ 1.5',
            value: worst,
            met: worst <= 1.5,
          },
          {
            what: 'heartbeats answered/s (slowest phase)',
            target: `≥ ${options.rate}`,
            value: achieved,
            met: achieved >= options.rate * 0.99,
          },
          {
            what: 'heartbeat errors (non-204)',
            target: '0',
            value: errors,
            met: errors === 0,
          },
        ],
        notes: [
          "heartbeat latency: scheduled send → 204, in the generator process (open loop: a late send counts its wait); send lag: scheduled → actually sent, the part that is the generator's own",
          'SOS latency: POST /api/device/sos sent → new-sos received on every dashboard stream; each loaded phase is compared with the idle phase just before it (idle, load, idle, load), in the same run',
          'commits/s: pg_stat_database.xact_commit over the loaded window (heartbeat batches, SOS, sweeps, stream reads)',
        ],
      };
    } finally {
      await stage.dispose();
    }
  },
};

type Options = { devices: number; rate: number; seconds: number; dashboards: number };

function print(
  o: Options,
  pairs: Array<{ idle: Rounds; phase: HeartbeatPhase }>,
  ratios: number[],
) {
  const sosRow = (what: string, r: Rounds) => ({
    what,
    ...ms(r.latency),
    SOS: r.perSos.count,
    'p99 over SOS (slowest dashboard)': round(r.perSos.p99),
    missing: r.missing,
    'machine steal %': r.stealPercent,
  });
  printTable(
    `fleet: ${o.devices} devices, ${o.rate} heartbeats/s for ${o.seconds} s (after ${pairs[0]!.phase.warmupMs / 1000} s warm-up), SOS to ${o.dashboards} dashboards, PostgreSQL; idle and loaded phases in turn`,
    pairs.flatMap(({ idle, phase }, p) => [
      sosRow(`${p + 1}. SOS → dashboard, idle`, idle),
      sosRow(`${p + 1}. SOS → dashboard, heartbeating (p99 ÷ idle ${ratios[p]})`, phase.loaded),
      {
        what: `${p + 1}. heartbeat answered 204`,
        ...ms(phase.heartbeats.latencyMs),
        missing: phase.heartbeats.sent - phase.heartbeats.answered204,
      },
      {
        what: `${p + 1}. heartbeat send lag (generator)`,
        ...ms(phase.heartbeats.sendLagMs),
        missing: 0,
      },
    ]),
  );
  printTable(
    'fleet: load',
    pairs.map(({ phase: { heartbeats: b, cpu, statementsPerSecond } }, p) => ({
      phase: p + 1,
      'heartbeats sent': b.sent,
      '204': b.answered204,
      errors: b.errors,
      'answered/s': round(b.answered204 / o.seconds, 0),
      'commits/s (database)': statementsPerSecond,
      'server CPU / waited %': `${cpu.server} / ${cpu.serverWaited}`,
      'generator CPU / waited %': `${cpu.load} / ${cpu.loadWaited}`,
      'dashboards CPU / waited %': `${cpu.dashboards} / ${cpu.dashboardsWaited}`,
    })),
  );
  for (const { phase } of pairs)
    if (phase.heartbeats.errorSamples.length)
      console.log(`  heartbeat errors, e.g.: ${phase.heartbeats.errorSamples.join(' | ')}`);
}

export default fleetBench;
