import { readdirSync, readFileSync } from 'node:fs';

/** A process and its process group (a daemon's forked children share its group). */
export interface Leftover {
  pid: number;
  pgid: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Gone between the listing and the read, or not ours to read.
    return null;
  }
}

/**
 * The processes whose command line names `marker` (docs/voice.md, managed mode: each daemon is
 * given its pid file's path, in a folder named after the SIP port). A server killed during its
 * own start can leave a daemon that never wrote its pid file; this finds it all the same, and
 * never mistakes an unrelated process that reused a pid for ours. Linux's /proc; elsewhere none.
 */
export function processesNaming(marker: string): Leftover[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const found: Leftover[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const cmdline = read(`/proc/${entry}/cmdline`);
    if (cmdline === null || !cmdline.split('\0').some((arg) => arg.includes(marker))) continue;
    // stat: "pid (comm) state ppid pgrp …"; comm may hold spaces and brackets, so read after the last ')'.
    const stat = read(`/proc/${entry}/stat`);
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie ('Z') holds no port and goes with its parent.
    if (!fields || fields[0] === 'Z') continue;
    found.push({ pid, pgid: Number(fields[2]) });
  }
  return found;
}
