import { ALARM_CONF_BOUNDS } from '@sos/contract';
import { setAlarmConf } from '../lib/api.js';
import { startAuditLoad, type AuditLoadReport } from '../lib/audit-load.js';
import type { Bench } from '../lib/bench.js';
import { liveRow, runLiveComparison, type LiveRun } from '../lib/live-run.js';
import { printTable } from '../lib/report.js';
import { pick } from '../lib/size.js';
import { median, round } from '../lib/stats.js';
import { startTargets, type TargetKind } from '../lib/targets.js';

const KINDS: TargetKind[] = ['floor', 'embedded', 'postgres'];
const PRODUCTS = ['embedded', 'postgres'] as const;
/** The target: each product's p99 within 1.1 × the floor's, median of the runs. */
const TARGET = 1.1;

type Run = Partial<Record<TargetKind, LiveRun>>;

/**
 * Device POST /api/device/sos sent → `new-sos` received by each of N live streams, durable
 * commit included, on the embedded database and on PostgreSQL, beside a bare node:http SSE
 * broadcaster with the same clients. One server alive at a time: each run starts the floor
 * and the two products in turn (the order rotating from run to run), each alone on the
 * server's core; the ratio is taken within a run, and its median over the runs is the figure.
 */
const alertLatency: Bench = {
  name: 'alert-latency',
  summary: 'SOS sent → new-sos on each of 1,000 streams (embedded, PostgreSQL, bare SSE floor)',
  async run(ctx) {
    const runCount = ctx.flags?.runs ?? pick(ctx.size, 1, 5);
    const options = {
      streams: pick(ctx.size, 20, 1000),
      processes: pick(ctx.size, 1, 2),
      // --warmup N: alerts each fresh server takes before its measured ones.
      warmupRounds: ctx.flags?.warmup ?? pick(ctx.size, 2, 30),
      // --rounds N: alerts per target and run.
      rounds: ctx.flags?.rounds ?? pick(ctx.size, 8, 300),
      gapMs: pick(ctx.size, 20, 100),
      openConcurrency: 32,
    };
    // --audit N: N audited operator actions a second on the product while it is measured.
    const auditPerSecond = ctx.flags?.audit ?? 0;
    const notes: string[] = [];
    const runs: Run[] = [];
    const audit: AuditLoadReport[] = [];
    for (let r = 0; r < runCount; r++) {
      const run: Run = {};
      for (const kind of [...KINDS.slice(r % 3), ...KINDS.slice(0, r % 3)]) {
        process.stderr.write(`run ${r + 1} of ${runCount}: ${kind}\n`);
        const turn = await startTargets(
          [kind],
          ctx,
          'alert-latency',
          options.warmupRounds + options.rounds,
        );
        if (r === 0) notes.push(...turn.notes);
        const target = turn.started[0]?.target;
        if (!target) continue;
        const load =
          auditPerSecond > 0 && target.token ? startAuditLoad([target], auditPerSecond) : undefined;
        try {
          // No escalation broadcast inside a turn: the acknowledgement target is out of reach.
          if (target.token)
            await setAlarmConf(target.url, target.token, {
              ackTargetSeconds: ALARM_CONF_BOUNDS.ackTargetSeconds.max,
            });
          run[kind] = (await runLiveComparison([target], options))[0];
        } finally {
          if (load) audit.push(...(await load.stop()));
          await turn.stop();
        }
      }
      runs.push(run);
    }
    const ratio = (run: Run, kind: TargetKind, at: 'p50' | 'p99') => {
      const [product, floor] = [run[kind], run.floor];
      return product && floor ? round(product.latencyMs[at] / floor.latencyMs[at], 2) : null;
    };
    printTable(
      `alert-latency: ${runCount} runs, each the floor and the products one after the other (one server alive at a time), ${options.rounds} alerts per target × ${options.streams} streams (${options.processes} client processes), ${options.gapMs} ms apart, after ${options.warmupRounds} warm-up alerts`,
      runs.flatMap((run, r) =>
        Object.values(run).map((one) => ({
          run: r + 1,
          ...liveRow(one, one === run.floor ? undefined : run.floor),
        })),
      ),
    );
    const medians = Object.fromEntries(
      PRODUCTS.map((kind) => {
        const of = (at: 'p50' | 'p99') =>
          runs.map((run) => ratio(run, kind, at)).filter((v): v is number => v !== null);
        const p99 = of('p99');
        return [
          kind,
          { p50: of('p50'), p99, medianP99: p99.length ? round(median(p99), 2) : null },
        ];
      }),
    ) as Record<
      (typeof PRODUCTS)[number],
      { p50: number[]; p99: number[]; medianP99: number | null }
    >;
    printTable(
      'alert-latency: p99 / floor p99 within each run, and their median',
      PRODUCTS.map((kind) => ({
        target: kind,
        'p50 / floor, per run': medians[kind].p50.join(', '),
        'p99 / floor, per run': medians[kind].p99.join(', '),
        'median p99 / floor': medians[kind].medianP99,
      })),
    );
    const all = runs.flatMap((run) => Object.values(run));
    notes.push(
      'latency = receive time in a client process (corrected by its measured clock offset) − time the POST was sent by the bench process',
      `client clock offsets ≤ ${Math.max(...all.map((r) => r.clock.maxOffsetMs))} ms (IPC round trip ≤ ${Math.max(...all.map((r) => r.clock.maxRoundTripMs))} ms)`,
      'one server alive at a time (server on CPU 0, clients on CPU 1), floor and products in turn, the order rotating each run; each product started fresh with its acknowledgement target at the maximum, so no escalation is broadcast during its turn',
      auditPerSecond > 0
        ? `audit log busy (--audit ${auditPerSecond}): a resident profile read (PROFILE_VIEWED, one audit record) ${auditPerSecond}/s on the product during its turn; sent ${audit.map((a) => a.sent).join(', ')}, errors ${audit.map((a) => a.errors).join(', ')}`
        : 'audit log idle: run with --audit N to append N audit records a second on the product meanwhile',
    );
    return {
      results: { options, runCount, auditPerSecond, audit, ratios: medians, runs },
      targets: PRODUCTS.map((kind) => {
        const value = medians[kind].medianP99;
        return {
          what: `p99 ${kind} / floor p99, median of ${runCount} runs`,
          target: `≤ ${TARGET}`,
          value,
          met: value === null ? null : value <= TARGET,
        };
      }),
      notes,
    };
  },
};

export default alertLatency;
