import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BENCH_DIR } from './children.js';

/** Reads a V8 .cpuprofile (node --cpu-prof) and names where the time went. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
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
}

const REPO = join(BENCH_DIR, '..');

function place(url: string, line: number): string {
  if (!url) return '(native)';
  const path = url.startsWith('file://') ? new URL(url).pathname : url;
  const short = path.startsWith(REPO) ? relative(REPO, path) : path;
  return `${short.replace(/^.*node_modules\//, 'node_modules/')}:${line + 1}`;
}

/** Self time per function (and per file), busiest first; idle and GC kept as V8 names them. */
export function hotSpots(file: string, top = 20): { functions: HotSpot[]; files: HotSpot[]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample's time is the delta to the next one.
  for (let i = 0; i < samples.length; i++) {
    const next = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + next);
  }
  const byFunction = new Map<string, HotSpot>();
  const byFile = new Map<string, HotSpot>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = place(url, lineNumber);
    const key = `${name}@${where}`;
    const entry = byFunction.get(key) ?? { function: name, where, selfMs: 0, selfPercent: 0 };
    entry.selfMs += us / 1000;
    byFunction.set(key, entry);
    const fileKey = url ? where.replace(/:\d+$/, '') : name;
    const fileEntry = byFile.get(fileKey) ?? { function: '', where: fileKey, selfMs: 0, selfPercent: 0 };
    fileEntry.selfMs += us / 1000;
    byFile.set(fileKey, fileEntry);
  }
  const finish = (map: Map<string, HotSpot>) =>
    [...map.values()]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top)
      .map((h) => ({ ...h, selfMs: Math.round(h.selfMs), selfPercent: Math.round((h.selfMs / totalMs) * 1000) / 10 }));
  return { functions: finish(byFunction), files: finish(byFile), totalMs: Math.round(totalMs) };
}

/** The newest .cpuprofile in a folder (what the last stopped process wrote). */
export function newestProfile(dir: string): string | undefined {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  } catch {
    return undefined;
  }
}
