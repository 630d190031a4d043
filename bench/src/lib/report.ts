import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineInfo, machineLine, type MachineInfo } from './machine.js';
import type { Size } from './size.js';

export const RESULTS_DIR = fileURLToPath(new URL('../../results/', import.meta.url));
/** The table generated from them (src/table.ts). */
export const RESULTS_TABLE = fileURLToPath(new URL('../../RESULTS.md', import.meta.url));

type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '–';
    return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2);
  }
  return String(value);
}

/** Prints rows as an aligned text table (the keys of the first row are the columns). */
export function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  if (rows.length === 0) return console.log('  (no rows)');
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const texts = rows.map((r) => columns.map((c) => cellText(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...texts.map((t) => t[i]!.length)));
  const line = (cells: string[]) =>
    '  ' +
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(line(columns));
  console.log('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
  for (const t of texts) console.log(line(t));
}

export interface BenchResult {
  bench: string;
  size: Size;
  machine: MachineInfo;
  /** The code measured: HEAD's commit, `+` when the working tree differed from it. */
  commit: string;
  /** Which cores the server side and the client side were given. */
  cpus: { server: string; clients: string; note: string };
  durationS: number;
  /** The figures, each beside its floor and its ratio where the issue gives one. */
  results: unknown;
  /** The targets and whether this run met them (informative: nothing fails on time). */
  targets: Array<{ what: string; target: string; value: Cell; met: boolean | null }>;
  notes: string[];
}

/**
 * HEAD's short commit, with `+` when tracked files differ from it (what was measured): the
 * benches' own records (bench/results, RESULTS.md) aside, which every bench of `bench:all`
 * rewrites and which made every row after the first say `+`.
 */
export function commitOf(): string {
  // Absolute paths: the same from any working directory in the repository.
  const ownRecords = [RESULTS_DIR, RESULTS_TABLE].map((path) => `:(exclude)${path}`);
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    return (
      git('rev-parse', '--short=12', 'HEAD') +
      (git('status', '--porcelain', '-uno', '--', ':(top)', ...ownRecords) ? '+' : '')
    );
  } catch {
    return 'unknown';
  }
}

/**
 * The one place a bench's result is written (the runner calls it for every bench, so a new
 * bench only has to be listed in src/cli.ts): `<name>.json`, the row of bench/RESULTS.md, for a
 * full run or a tiny one asked to be recorded (`--record`); other tiny runs (npm test) write
 * `<name>.tiny.json`, git-ignored, and never replace a recorded figure.
 */
export function writeResult(result: BenchResult, record: boolean): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const recorded = record || result.size === 'full';
  const file = join(RESULTS_DIR, recorded ? `${result.bench}.json` : `${result.bench}.tiny.json`);
  writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  return file;
}

export function printHeader(bench: string, size: Size) {
  const m = machineInfo();
  console.log(`\n=== ${bench} (${size}) — ${machineLine(m)}`);
  return m;
}

export function printTargets(targets: BenchResult['targets']) {
  printTable(
    'targets (informative: a benchmark never fails on time)',
    targets.map((t) => ({
      what: t.what,
      target: t.target,
      value: t.value,
      met: t.met === null ? 'n/a' : t.met ? 'yes' : 'NO',
    })),
  );
}
