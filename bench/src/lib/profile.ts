import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { BENCH_DIR } from './children.js';

/** Reads a V8 .cpuprofile (node --cpu-prof) and names where the time went. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  function: string;
  where: string;
  selfMs: number;
  selfPercent: number;
  /** Time with the function on the stack (itself and what it called). */
  totalMs: number;
}

/** The part of a profile to read, in ms since the process was spawned (the measured phase). */
export interface ProfileWindow {
  fromMs: number;
  toMs: number;
}

/** A fresh folder for one process's profile (old profiles would be read instead). */
export function freshProfileDir(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Records which part of the profile in `dir` is the measured phase (read by the runner). */
export function writeProfileWindow(dir: string, spawnedAt: number, from: number, to: number) {
  const window: ProfileWindow = {
    fromMs: Math.round(from - spawnedAt),
    toMs: Math.round(to - spawnedAt),
  };
  writeFileSync(join(dir, 'window.json'), JSON.stringify(window));
}

export function readProfileWindow(dir: string): ProfileWindow | undefined {
  const file = join(dir, 'window.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProfileWindow) : undefined;
}

const REPO = join(BENCH_DIR, '..');

function place(url: string, line: number, column = 0): string {
  if (!url) return '(native)';
  // Minified browser bundles are one long line: the column tells the function.
  if (url.startsWith('http')) return `${new URL(url).pathname}:${line + 1}:${column + 1}`;
  const path = url.startsWith('file://') ? new URL(url).pathname : url;
  const short = path.startsWith(REPO) ? relative(REPO, path) : path;
  return `${short.replace(/^.*node_modules\//, 'node_modules/')}:${line + 1}`;
}

const SKIP_TOTAL = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/**
 * Self and total time per function (and self time per file), busiest first. With a window,
 * only the samples inside it count (ms since the profile started, which is within a few
 * tens of ms of the process's spawn).
 */
export function hotSpots(
  file: string,
  top = 20,
  window?: ProfileWindow,
): { functions: HotSpot[]; totals: HotSpot[]; files: HotSpot[]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    return {
      name: functionName || '(anonymous)',
      where: place(url, lineNumber, columnNumber),
      url,
    };
  };
  const byFunction = new Map<string, HotSpot>();
  const byFile = new Map<string, HotSpot>();
  const entry = (map: Map<string, HotSpot>, key: string, name: string, where: string) => {
    let e = map.get(key);
    if (!e) map.set(key, (e = { function: name, where, selfMs: 0, selfPercent: 0, totalMs: 0 }));
    return e;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let at = 0;
  let counted = 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    // Each sample's time is the delta to the next one.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const atMs = at / 1000;
    if (window && (atMs < window.fromMs || atMs > window.toMs)) continue;
    counted += ms;
    const leaf = byId.get(samples[i]!);
    if (!leaf) continue;
    const k = keyOf(leaf);
    entry(byFunction, `${k.name}@${k.where}`, k.name, k.where).selfMs += ms;
    const fileKey = k.url ? k.where.replace(/(:\d+)+$/, '') : k.name;
    entry(byFile, fileKey, '', fileKey).selfMs += ms;
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      const a = keyOf(node);
      const key = `${a.name}@${a.where}`;
      if (seen.has(key) || SKIP_TOTAL.has(a.name)) continue;
      seen.add(key);
      entry(byFunction, key, a.name, a.where).totalMs += ms;
    }
  }
  const finish = (list: HotSpot[]) =>
    list.slice(0, top).map((h) => ({
      ...h,
      selfMs: Math.round(h.selfMs),
      totalMs: Math.round(h.totalMs),
      selfPercent: counted > 0 ? Math.round((h.selfMs / counted) * 1000) / 10 : 0,
    }));
  const all = [...byFunction.values()];
  return {
    functions: finish(all.filter((h) => h.selfMs > 0).sort((a, b) => b.selfMs - a.selfMs)),
    // Application code only: where the server's own functions spend their time, callees included.
    totals: finish(
      all.filter((h) => h.where.startsWith('apps/')).sort((a, b) => b.totalMs - a.totalMs),
    ),
    files: finish([...byFile.values()].sort((a, b) => b.selfMs - a.selfMs)),
    totalMs: Math.round(counted),
  };
}

/**
 * The newest main-thread .cpuprofile in a folder (CPU.<date>.<time>.<pid>.<thread>.<n>:
 * thread 0; tsx's loader thread writes one too).
 */
export function newestProfile(dir: string): string | undefined {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0')
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  } catch {
    return undefined;
  }
}
