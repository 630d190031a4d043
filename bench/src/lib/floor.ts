import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { spawnNode, stopChild } from './children.js';
import { wallNow } from './clock.js';
import { rssBytes } from './proc.js';

const BROADCASTER = fileURLToPath(new URL('../../floor/sse-broadcaster.ts', import.meta.url));

export interface RunningFloor {
  url: string;
  pid: number;
  child: ChildProcess;
  spawnedAt: number;
  rss(): number;
  stop(): Promise<void>;
}

/** The bare SSE broadcaster as its own process, on the server's cores. */
export async function startFloorBroadcaster(cpuProfileDir?: string): Promise<RunningFloor> {
  const spawnedAt = wallNow();
  const child = spawnNode({
    side: 'server',
    script: BROADCASTER,
    pipe: true,
    nodeFlags: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  });
  child.stderr!.pipe(process.stderr);
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /^listening (http:\/\/\S+)/.exec(line);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`floor broadcaster exited (${code})`)));
  });
  return {
    url,
    pid: child.pid!,
    child,
    spawnedAt,
    rss: () => rssBytes(child.pid!),
    stop: async () => void (await stopChild(child)),
  };
}
