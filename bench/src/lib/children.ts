import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wallNow } from './clock.js';
import { pinned, type Side } from './cpus.js';
import { environment } from '../../../scripts/lib/env.mjs';

export const BENCH_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** What an IPC child preloads: it exits once its bench is gone (workers/bench-gone.ts). */
const BENCH_GONE = fileURLToPath(new URL('../workers/bench-gone.ts', import.meta.url));

export interface NodeChildOptions {
  side: Side;
  /** A TypeScript file of this package (run through tsx) or any JavaScript file. */
  script: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  ipc?: boolean;
  /** Pipe stdout/stderr to the parent instead of inheriting them. */
  pipe?: boolean;
}

/**
 * Starts a Node process on its side's cores. An IPC channel survives the taskset wrapper:
 * node passes it as an inherited descriptor named in NODE_CHANNEL_FD, and taskset execs.
 */
export function spawnNode(options: NodeChildOptions): ChildProcess {
  const tsx = options.script.endsWith('.ts') || options.ipc ? ['--import', 'tsx'] : [];
  const guard = options.ipc ? ['--import', BENCH_GONE] : [];
  const [command, args] = pinned(options.side, process.execPath, [
    ...(options.nodeFlags ?? []),
    ...tsx,
    ...guard,
    options.script,
    ...(options.args ?? []),
  ]);
  const out = options.pipe ? 'pipe' : 'inherit';
  const stdio: StdioOptions = options.ipc ? ['ignore', out, out, 'ipc'] : ['ignore', out, out];
  return spawn(command, args, {
    cwd: options.cwd ?? BENCH_DIR,
    env: environment(options.env),
    stdio,
  });
}

/** Resolves with the exit code once the child has exited (immediately if it already has). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const code = await exited(child);
  clearTimeout(timer);
  return code;
}

/** A worker's first message: it is set up and waits for its command. */
export const isReady = (message: unknown): message is { type: 'ready' } =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'ready';

/** The next IPC message that satisfies `accept`, or a rejection after `timeoutMs`. */
export function nextMessage<T>(
  child: ChildProcess,
  accept: (message: unknown) => message is T,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${what}: the child exited (${code}) first`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${what}: no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * A worker's timed run: it starts 300 ms from now (the command's `startAt`, wall ms), is
 * measured `from` its warm-up's end `until` `seconds` later; `report` is its last message,
 * given 90 s beyond that to arrive.
 */
export function timedRun<T>(
  worker: ChildProcess,
  accept: (message: unknown) => message is T,
  what: string,
  timing: { warmupMs: number; seconds: number },
) {
  const startAt = wallNow() + 300;
  const from = startAt + timing.warmupMs;
  const until = from + timing.seconds * 1000;
  const report = nextMessage(worker, accept, until - wallNow() + 90_000, what);
  return { startAt, from, until, report };
}
