import { startAuditLoad, type AuditLoadReport } from '../lib/audit-load.js';
import type { Bench } from '../lib/bench.js';
import { liveRow, runLiveComparison, type LiveRun } from '../lib/live-run.js';
import { printTable } from '../lib/report.js';
import { pick } from '../lib/size.js';
import { round } from '../lib/stats.js';
import { startTargets, type TargetKind } from '../lib/targets.js';

/**
 * Device POST /api/device/sos sent → `new-sos` received by each of N live streams,
 * durable commit included, on the embedded database and on PostgreSQL, beside a bare
 * node:http SSE broadcaster with the same clients, alerts taken in turn in the same run.
 */
const alertLatency: Bench = {
  name: 'alert-latency',
  summary: 'SOS sent → new-sos on each of 1,000 streams (embedded, PostgreSQL, bare SSE floor)',
  async run(ctx) {
    const options = {
      streams: pick(ctx.size, 20, 1000),
      processes: pick(ctx.size, 1, 2),
      warmupRounds: pick(ctx.size, 2, 10),
      // --rounds N: fewer alerts per run, for A/B series of several runs (bench/README.md).
      rounds: ctx.flags?.rounds ?? pick(ctx.size, 8, 1000),
      gapMs: pick(ctx.size, 20, 100),
      openConcurrency: 32,
    };
    const kinds: TargetKind[] = ['floor', 'embedded', 'postgres'];
    const { started, notes, stop } = await startTargets(
      kinds,
      ctx,
      'alert-latency',
      options.warmupRounds + options.rounds,
    );
    const runs: Partial<Record<TargetKind, LiveRun>> = {};
    // --audit N: N audited operator actions a second on each product while it is measured.
    const auditPerSecond = ctx.flags?.audit ?? 0;
    const products = started.filter((s) => s.kind !== 'floor').map((s) => s.target);
    const auditLoad = auditPerSecond > 0 ? startAuditLoad(products, auditPerSecond) : undefined;
    let audit: AuditLoadReport[] = [];
    try {
      const results = await runLiveComparison(
        started.map((s) => s.target),
        options,
      );
      started.forEach((s, i) => (runs[s.kind] = results[i]));
    } finally {
      if (auditLoad) audit = await auditLoad.stop();
      await stop();
    }
    const floor = runs.floor!;
    printTable(
      `alert-latency: ${options.rounds} alerts per target × ${options.streams} streams (${options.processes} client processes per target), targets in turn, ${options.gapMs} ms apart, after ${options.warmupRounds} warm-up rounds`,
      Object.values(runs).map((run) => liveRow(run, run === floor ? undefined : floor)),
    );
    const ratio = (kind: TargetKind) => {
      const run = runs[kind];
      return run ? round(run.latencyMs.p99 / floor.latencyMs.p99, 2) : null;
    };
    const all = Object.values(runs);
    notes.push(
      'latency = receive time in a client process (corrected by its measured clock offset) − time the POST was sent by the bench process',
      `client clock offsets ≤ ${Math.max(...all.map((r) => r.clock.maxOffsetMs))} ms (IPC round trip ≤ ${Math.max(...all.map((r) => r.clock.maxRoundTripMs))} ms)`,
      'all targets run at once with their streams open; one alert at a time, to each target in turn (rotating order)',
      auditPerSecond > 0
        ? `audit log busy (--audit ${auditPerSecond}): a resident profile read (PROFILE_VIEWED, one audit record) ${auditPerSecond}/s on each product during the run; sent ${audit.map((a) => a.sent).join(', ')}, errors ${audit.map((a) => a.errors).join(', ')}`
        : 'audit log idle: run with --audit N to append N audit records a second on each product meanwhile',
    );
    return {
      results: { options, auditPerSecond, audit, runs },
      targets: (['embedded', 'postgres'] as const).map((kind) => ({
        what: `p99 ${kind} / floor p99`,
        target: '≤ 1.5',
        value: ratio(kind),
        met: ratio(kind) === null ? null : ratio(kind)! <= 1.5,
      })),
      notes,
    };
  },
};

export default alertLatency;
