import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench, BenchContext } from './lib/bench.js';
import { cpus } from './lib/cpus.js';
import { hotSpots, newestProfile, readProfileWindow, type HotSpot } from './lib/profile.js';
import {
  commitOf,
  printHeader,
  printTable,
  printTargets,
  RESULTS_DIR,
  writeResult,
} from './lib/report.js';
import { writeResultsTable } from './table.js';
import type { Size } from './lib/size.js';
import alertLatency from './benches/alert-latency.js';
import chaos from './benches/chaos.js';
import consoleTenK from './benches/console-10k.js';
import fanOut from './benches/fan-out-10k.js';
import expectations from './benches/expectations.js';
import fleet from './benches/fleet.js';
import fuzz from './benches/fuzz.js';
import ingest from './benches/ingest.js';
import receivers from './benches/receivers.js';
import reporting from './benches/reporting.js';
import soak from './benches/soak.js';
import start from './benches/start.js';
import voice from './benches/voice.js';
import weight from './benches/weight.js';

const BENCHES: Bench[] = [
  alertLatency,
  fanOut,
  ingest,
  fleet,
  expectations,
  receivers,
  consoleTenK,
  weight,
  start,
  reporting,
  chaos,
  fuzz,
  soak,
  voice,
];

function usage(): never {
  console.log(
    'usage: npm run bench -- <name…|all> [--skip <name>]… [--size tiny|full] [--record] [--profile] [--<flag> <number>…]',
  );
  console.log('       npm run bench -- hotspots <file.cpuprofile> [fromMs-toMs]');
  console.log(
    '       npm run bench -- table [--check]   (bench/RESULTS.md from bench/results/*.json)\n',
  );
  for (const b of BENCHES) console.log(`  ${b.name.padEnd(14)} ${b.summary}`);
  process.exit(2);
}

function printSpots(title: string, spots: ReturnType<typeof hotSpots>) {
  const row = (h: HotSpot) => ({
    function: h.function,
    where: h.where,
    'self ms': h.selfMs,
    '%': h.selfPercent,
    'total ms': h.totalMs,
  });
  printTable(`${title}: self time (${spots.totalMs} ms of samples)`, spots.functions.map(row));
  printTable(
    "total time (on the stack, callees included) of the application's own functions (apps/)",
    spots.totals.map(row),
  );
  printTable(
    'self time by file',
    spots.files
      .slice(0, 12)
      .map((h) => ({ file: h.where, 'self ms': h.selfMs, '%': h.selfPercent })),
  );
}

/** After a --profile run: the busiest functions of each profiled process, in its measured phase. */
function printHotSpots(ctx: BenchContext, bench: string) {
  let dirs: string[] = [];
  try {
    dirs = readdirSync(ctx.profileDir).filter((d) => d.startsWith(`${bench}-`));
  } catch {
    return;
  }
  for (const dir of dirs) {
    const file = newestProfile(join(ctx.profileDir, dir));
    if (!file) continue;
    const window = readProfileWindow(join(ctx.profileDir, dir));
    const phase = window ? `measured phase ${window.fromMs}–${window.toMs} ms` : 'whole process';
    printSpots(`hot spots of ${dir}, ${phase} (${file})`, hotSpots(file, 25, window));
  }
}

function parseArgs(argv: string[]) {
  let size: Size = 'full';
  let profile = false;
  let record = false;
  const names: string[] = [];
  const skipped: string[] = [];
  const flags: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--size') {
      const value = argv[++i];
      if (value !== 'tiny' && value !== 'full') usage();
      size = value;
    } else if (arg.startsWith('--size=')) {
      const value = arg.slice('--size='.length);
      if (value !== 'tiny' && value !== 'full') usage();
      size = value;
    } else if (arg === '--profile') profile = true;
    else if (arg === '--record') record = true;
    else if (arg === '--skip') skipped.push(argv[++i] ?? usage());
    else if (arg === '--help' || arg === '-h') usage();
    else if (arg.startsWith('--')) {
      // A bench's own numeric flag (fleet: --devices, --rate, --seconds).
      const [name, inline] = arg.slice(2).split('=', 2);
      const value = Number(inline ?? argv[++i]);
      if (!name || !Number.isFinite(value)) usage();
      flags[name] = value;
    } else names.push(arg);
  }
  if (names.length === 0) usage();
  for (const n of skipped) if (!BENCHES.some((b) => b.name === n)) usage();
  const chosen = (
    names.includes('all') ? BENCHES : names.map((n) => BENCHES.find((b) => b.name === n) ?? usage())
  ).filter((b) => !skipped.includes(b.name));
  return { size, profile, record, chosen, flags };
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === 'hotspots' && argv[1]) {
    const [from, to] = (argv[2] ?? '').split('-').map(Number);
    const window =
      from !== undefined && to !== undefined && to > from ? { fromMs: from, toMs: to } : undefined;
    printSpots(`hot spots of ${argv[1]}`, hotSpots(argv[1], 40, window));
    return;
  }
  const { size, profile, record, chosen, flags } = parseArgs(argv);
  const commit = commitOf();
  const ctx: BenchContext = { size, profile, profileDir: join(RESULTS_DIR, 'profiles'), flags };
  let failures = 0;
  for (const bench of chosen) {
    const machine = printHeader(bench.name, size);
    const started = performance.now();
    try {
      const output = await bench.run(ctx);
      const durationS = Math.round((performance.now() - started) / 100) / 10;
      printTargets(output.targets);
      for (const note of output.notes) console.log(`  note: ${note}`);
      const file = writeResult(
        { bench: bench.name, size, machine, commit, cpus: cpus(), durationS, ...output },
        record,
      );
      console.log(`  ${bench.name}: ${durationS} s, written to ${file}`);
      if (profile) printHotSpots(ctx, bench.name);
    } catch (err) {
      // A crash is a defect (tests run the tiny size); a slow figure never is.
      failures++;
      console.error(
        `  ${bench.name} FAILED:`,
        err instanceof Error ? (err.stack ?? err.message) : err,
      );
    }
  }
  console.log(`\nbench: ${chosen.length - failures} passed, ${failures} failed`);
  if (record || size === 'full') console.log(`bench: ${writeResultsTable()} regenerated`);
  process.exit(failures > 0 ? 1 : 0);
}

await main();
