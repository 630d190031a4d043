import type { Bench } from '../lib/bench.js';
import { liveRow, runLiveComparison, type LiveRun } from '../lib/live-run.js';
import { printTable } from '../lib/report.js';
import { pick } from '../lib/size.js';
import { round } from '../lib/stats.js';
import { startTargets, type TargetKind } from '../lib/targets.js';

/**
 * 10,000 live streams on one server process (embedded, then PostgreSQL): the broadcast latency
 * of an alert to every stream, the server's resident memory and the memory per stream,
 * beside the bare SSE broadcaster holding the same 10,000 clients.
 */
const fanOut: Bench = {
  name: 'fan-out-10k',
  summary: '10,000 streams on one server process: broadcast p99, RSS, memory per stream (+ floor)',
  async run(ctx) {
    const options = {
      streams: pick(ctx.size, 50, 10_000),
      processes: pick(ctx.size, 1, 4),
      warmupRounds: pick(ctx.size, 1, 3),
      rounds: pick(ctx.size, 5, 1000),
      gapMs: pick(ctx.size, 20, 150),
      openConcurrency: pick(ctx.size, 16, 64),
    };
    const kinds: TargetKind[] = ['floor', 'embedded', 'postgres'];
    const { started, notes, stop } = await startTargets(
      kinds,
      ctx,
      'fan-out-10k',
      options.warmupRounds + options.rounds,
    );
    const runs: Partial<Record<TargetKind, LiveRun>> = {};
    try {
      const results = await runLiveComparison(
        started.map((s) => s.target),
        options,
      );
      started.forEach((s, i) => (runs[s.kind] = results[i]));
    } finally {
      await stop();
    }
    const floor = runs.floor!;
    const products = (['embedded', 'postgres'] as const).flatMap((kind) =>
      runs[kind] ? [[kind, runs[kind]] as const] : [],
    );
    printTable(
      `fan-out-10k: ${options.rounds} alerts per target × ${options.streams} streams (${options.processes} client processes per target), targets in turn, ${options.gapMs} ms apart`,
      [liveRow(floor), ...products.map(([, run]) => liveRow(run, floor))],
    );
    printTable(
      'memory (server-side process RSS; with PostgreSQL the database is another process)',
      [floor, ...products.map(([, run]) => run)].map((run) => ({
        target: run.target,
        'RSS before MiB': run.rssMiB.before,
        'RSS streams open MiB': run.rssMiB.streamsOpen,
        'RSS after alerts MiB': run.rssMiB.afterAlerts,
        'peak RSS (VmHWM) MiB': run.rssMiB.peak,
        'KiB per stream': run.memoryPerStreamKiB,
        'open all s': run.openSeconds,
      })),
    );
    const targets = products.flatMap(([kind, run]) => {
      const p99Ratio = round(run.latencyMs.p99 / floor.latencyMs.p99, 2);
      const rssMb = round(run.rssMiB.peak * 1.048576, 0);
      return [
        {
          what: `${kind}: broadcast p99 / floor p99`,
          target: '≤ 1.3',
          value: p99Ratio,
          met: p99Ratio <= 1.3,
        },
        {
          what: `${kind}: server peak RSS (VmHWM) with ${run.streamsOpened} streams (MB)`,
          target: '≤ 400',
          value: rssMb,
          met: rssMb <= 400,
        },
      ];
    });
    return {
      results: { options, runs },
      targets,
      notes: [
        ...notes,
        'latency = POST /api/device/sos sent → new-sos received on each stream (commit included); all targets hold their streams at once, alerts go to each in turn',
        'memory per stream = (RSS with the streams open − RSS before) / streams; the embedded RSS includes PGlite (≈ 770 MB idle)',
      ],
    };
  },
};

export default fanOut;
