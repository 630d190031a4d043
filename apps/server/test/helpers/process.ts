import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { inject } from 'vitest';
import { environment } from '../../../../scripts/lib/env.mjs';

/** apps/server: where the entry points, dist/ and the server's own files are. */
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How `node` runs a server entry point (`src/main.ts`, `src/cli/admin.ts`): its build in
 * dist/ when the build is newer than every source it comes from (`npm test` builds first),
 * tsx on the sources otherwise, so a test never runs stale code (global-setup.ts checks once
 * per run). The build starts with ~1.5 CPU-s less than tsx compiling the sources (2.4 against
 * 3.9 for a server, one machine).
 */
export function entryArgs(source: string): string[] {
  return inject('serverBuilt')
    ? [join(SERVER_DIR, 'dist', source.replace(/\.ts$/, '.js'))]
    : ['--import', 'tsx', join(SERVER_DIR, source)];
}

/**
 * How `node` runs a plain-JavaScript child (`child`, from apps/server) that imports the
 * server module `source` given as its first argument: entryArgs's choice of that module (its
 * build, or its source with tsx loaded), with the child put before it.
 */
export function moduleArgs(child: string, source: string): string[] {
  const args = entryArgs(source);
  return [...args.slice(0, -1), child, args.at(-1)!];
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Server processes still running: killed when the worker exits, whatever a test left. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The real entry point (src/main.ts) in its own OS process with the given variables. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, entryArgs('src/main.ts'), {
    cwd: SERVER_DIR,
    env: environment({
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

/** Waits for the start banner; returns the server's base URL. */
export async function waitForUrl(server: ServerProcess): Promise<string> {
  for (;;) {
    const match = /running: (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1]!;
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(r, 50, 'wait'))]);
    if (code !== 'wait') throw new Error(`server exited (${String(code)}):\n${server.output()}`);
  }
}
