import { fileURLToPath } from 'node:url';
import { loginSession, registerDevices, serialOf } from '../lib/api.js';
import { startAuditLoad, type AuditLoadReport } from '../lib/audit-load.js';
import type { Bench } from '../lib/bench.js';
import { isReady, nextMessage, spawnNode, stopChild } from '../lib/children.js';
import { wallNow } from '../lib/clock.js';
import { createBenchDatabase } from '../lib/pg.js';
import { CpuMeter, MachineMeter } from '../lib/proc.js';
import { printTable } from '../lib/report.js';
import { API_KEY, startServer, type RunningServer } from '../lib/server.js';
import { writeProfileWindow } from '../lib/profile.js';
import { pick } from '../lib/size.js';
import { profileDir } from '../lib/targets.js';
import { round, summarize } from '../lib/stats.js';
import {
  isDone,
  type FloorMode,
  type IngestReport,
  type IngestWindow,
} from '../workers/ingest-protocol.js';

const DEVICES_WORKER = fileURLToPath(new URL('../workers/ingest-devices.ts', import.meta.url));
const FLOOR_WORKER = fileURLToPath(new URL('../workers/ingest-floor.ts', import.meta.url));
/** The server's pg pool size (apps/server/src/db/client.ts openPostgres): the floor uses the same. */
const SERVER_POOL_SIZE = 10;

interface IngestRun {
  run: string;
  cyclesPerSecond: number;
  cycles: number;
  errors: number;
  errorSamples: string[];
  cycleMs: ReturnType<typeof summarize>;
  generatorCpuPercent: number;
  serverCpuPercent: number | null;
  /** Run-queue wait of the generators' and the server's main threads, % of elapsed time. */
  generatorWaitPercent: number;
  serverWaitPercent: number | null;
  machineBusyPercent: number;
}

function merge(reports: IngestReport[]): IngestReport {
  return {
    type: 'done',
    cycles: reports.reduce((s, r) => s + r.cycles, 0),
    errors: reports.reduce((s, r) => s + r.errors, 0),
    errorSamples: reports.flatMap((r) => r.errorSamples).slice(0, 5),
    cycleMs: reports.flatMap((r) => r.cycleMs),
  };
}

/** Starts the workers, gives them one shared start time, and gathers their counts. */
async function drive(
  label: string,
  workers: Array<{ side: 'server' | 'clients'; script: string; command: object }>,
  window: Omit<IngestWindow, 'startAt'>,
  server?: RunningServer,
  profile?: { dir: string; spawnedAt: number },
): Promise<IngestRun> {
  const children = workers.map((w) => spawnNode({ side: w.side, script: w.script, ipc: true }));
  try {
    await Promise.all(
      children.map((c) => nextMessage(c, isReady, 60_000, `${label} worker start`)),
    );
    const startAt = wallNow() + 300;
    const reports = children.map((c) =>
      nextMessage(c, isDone, window.warmupMs + window.durationMs + 120_000, label),
    );
    children.forEach((c, i) => c.send({ ...workers[i]!.command, ...window, startAt }));
    const generators = new CpuMeter(() => children.map((c) => c.pid!));
    const serverCpu = new CpuMeter(() => (server ? [server.pid] : []));
    const machine = new MachineMeter();
    // Meter the measured part of the window only.
    await new Promise((r) => setTimeout(r, startAt + window.warmupMs - wallNow()));
    generators.start();
    serverCpu.start();
    machine.reset();
    await new Promise((r) => setTimeout(r, window.durationMs));
    const generatorCpuPercent = generators.stop();
    const serverCpuPercent = serverCpu.stop();
    const machineBusyPercent = machine.percent();
    if (profile)
      writeProfileWindow(
        profile.dir,
        profile.spawnedAt,
        startAt + window.warmupMs,
        startAt + window.warmupMs + window.durationMs,
      );
    const merged = merge(await Promise.all(reports));
    const s = summarize(merged.cycleMs);
    return {
      run: label,
      cyclesPerSecond: round(merged.cycles / (window.durationMs / 1000), 0),
      cycles: merged.cycles,
      errors: merged.errors,
      errorSamples: merged.errorSamples,
      cycleMs: {
        ...s,
        p50: round(s.p50),
        p95: round(s.p95),
        p99: round(s.p99),
        max: round(s.max),
        min: round(s.min),
        mean: round(s.mean),
      },
      generatorCpuPercent: round(generatorCpuPercent, 0),
      serverCpuPercent: server ? round(serverCpuPercent, 0) : null,
      generatorWaitPercent: round(generators.waitPercent(), 0),
      serverWaitPercent: server ? round(serverCpu.waitPercent(), 0) : null,
      machineBusyPercent,
    };
  } finally {
    await Promise.all(children.map((c) => stopChild(c, 5000)));
  }
}

/**
 * Sustained SOS raise + close cycles per second from concurrent simulated devices on
 * PostgreSQL, beside the same cycles issued directly through `pg` in one process.
 */
const ingest: Bench = {
  name: 'ingest',
  summary: 'raise + close cycles/s from 200 devices on PostgreSQL, errors (+ direct pg floor)',
  async run(ctx) {
    const devices = pick(ctx.size, 10, 200);
    const processes = pick(ctx.size, 1, 2);
    const window = {
      warmupMs: pick(ctx.size, 300, 3000),
      durationMs: pick(ctx.size, 1000, 20_000),
    };
    const database = await createBenchDatabase('ingest');
    if ('skipped' in database) {
      return { results: { skipped: database.skipped }, targets: [], notes: [database.skipped] };
    }
    const runs: IngestRun[] = [];
    const auditPerSecond = ctx.flags?.audit ?? 0;
    let audit: AuditLoadReport[] = [];
    try {
      // First start: migrates, registers the devices, signs in; stopped while the floor runs.
      let server = await startServer({ databaseUrl: database.url });
      let token: string;
      let closer: { id: number; username: string };
      try {
        await registerDevices(server.url, devices);
        const session = await loginSession(server.url);
        token = session.token;
        closer = { id: session.id, username: session.username };
      } finally {
        await server.dispose();
      }
      const floorRuns: Array<[FloorMode, string]> = [
        ['batched', "floor: pg, the server's batched statements, closes audited"],
        ['batched-no-audit', 'diagnosis: same, closes not audited'],
        ['bare', 'context: pg, INSERT + UPDATE unbatched'],
        ['transactions', "pg, the server's statements"],
        ['no-order-lock', 'diagnosis: same, no order lock'],
        ['notify-each', 'diagnosis: same, NOTIFY in each (as before)'],
      ];
      // The context and diagnosis runs explain a full run's figures; at tiny size (npm test),
      // or with --floors 1 (an A/B of the product), the floor the targets divide by is enough.
      const floors = ctx.flags?.floors ?? pick(ctx.size, 1, floorRuns.length);
      for (const [mode, what] of floorRuns.slice(0, Math.max(1, floors))) {
        runs.push(
          await drive(
            what,
            [
              {
                side: 'server',
                script: FLOOR_WORKER,
                command: {
                  type: 'run',
                  databaseUrl: database.url,
                  mode,
                  devices,
                  poolSize: SERVER_POOL_SIZE,
                  closer,
                },
              },
            ],
            window,
          ),
        );
      }
      const cpuProfileDir = profileDir(ctx, 'ingest-postgres');
      server = await startServer({ databaseUrl: database.url, cpuProfileDir });
      // --audit N: besides the closes (each one audited), N more audited actions a second.
      const auditLoad =
        auditPerSecond > 0
          ? startAuditLoad([{ url: server.url, token }], auditPerSecond)
          : undefined;
      try {
        const serials = Array.from({ length: devices }, (_, i) => serialOf(i + 1));
        const per = Math.ceil(devices / processes);
        runs.push(
          await drive(
            `product: ${devices} devices over HTTP${auditPerSecond > 0 ? `, + ${auditPerSecond} audited reads/s` : ''}`,
            Array.from({ length: processes }, (_, p) => ({
              side: 'clients' as const,
              script: DEVICES_WORKER,
              command: {
                type: 'run',
                url: server.url,
                apiKey: API_KEY,
                token,
                serials: serials.slice(p * per, (p + 1) * per),
              },
            })),
            window,
            server,
            cpuProfileDir ? { dir: cpuProfileDir, spawnedAt: server.spawnedAt } : undefined,
          ),
        );
      } finally {
        if (auditLoad) audit = await auditLoad.stop();
        await server.dispose();
      }
    } finally {
      await database.drop();
    }
    const floor = runs[0]!;
    const product = runs.at(-1)!;
    const vsFloor = round(product.cyclesPerSecond / floor.cyclesPerSecond, 2);
    printTable(
      `ingest: ${devices} concurrent devices, raise + close cycles, ${window.durationMs / 1000} s measured after ${window.warmupMs / 1000} s warm-up, PostgreSQL`,
      runs.map((r) => ({
        run: r.run,
        'cycles/s': r.cyclesPerSecond,
        'cycle p50 ms': r.cycleMs.p50,
        'cycle p99 ms': r.cycleMs.p99,
        errors: r.errors,
        'server CPU %': r.serverCpuPercent,
        'generators CPU %': r.generatorCpuPercent,
        'server waited %': r.serverWaitPercent,
        'generators waited %': r.generatorWaitPercent,
        'machine busy %': r.machineBusyPercent,
        '/ floor': round(r.cyclesPerSecond / floor.cyclesPerSecond, 2),
      })),
    );
    for (const r of runs)
      if (r.errorSamples.length)
        console.log(`  ${r.run} errors, e.g.: ${r.errorSamples.join(' | ')}`);
    return {
      results: { devices, processes, window, auditPerSecond, audit, runs },
      targets: [
        {
          what: 'product cycles/s',
          target: '≥ 1,000',
          value: product.cyclesPerSecond,
          met: product.cyclesPerSecond >= 1000,
        },
        {
          what: "product / floor (the server's batched statements over pg)",
          target: '≥ 0.5',
          value: vsFloor,
          met: vsFloor >= 0.5,
        },
        { what: 'errors', target: '0', value: product.errors, met: product.errors === 0 },
      ],
      notes: [
        'a cycle: POST /api/device/sos (new Idempotency-Key) → 201, then PATCH /api/sos/close?sosId= as admin → 200 (the close appends its SOS_CLOSED audit record in its transaction; the raise appends none)',
        auditPerSecond > 0
          ? `audit log busier (--audit ${auditPerSecond}): a resident profile read (PROFILE_VIEWED) ${auditPerSecond}/s beside the cycles; sent ${audit[0]?.sent ?? 0}, errors ${audit[0]?.errors ?? 0}`
          : 'run with --audit N to add N audited profile reads a second beside the cycles',
        `pg runs: 1 process, pool of ${SERVER_POOL_SIZE} (the server's), ${devices} concurrent loops, on the server's core while the server is stopped; product: ${processes} client processes; PostgreSQL itself is not pinned`,
      ],
    };
  },
};

export default ingest;
