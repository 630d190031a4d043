import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BENCH_DIR, spawnNode, stopChild } from './children.js';
import type { Side } from './cpus.js';
import { wallNow } from './clock.js';
import { rssBytes } from './proc.js';

const SERVER_MAIN = join(BENCH_DIR, '..', 'apps', 'server', 'dist', 'main.mjs');
export const ADMIN = { username: 'admin', password: 'bench-admin-password' } as const;
export const API_KEY = 'bench-device-key';

export interface ServerOptions {
  /** Omit for the embedded database. */
  databaseUrl?: string;
  /** An existing folder (a second start on existing data); a fresh temp folder otherwise. */
  dataDir?: string;
  /** A fixed port (the start bench polls it before the server says it listens); 0 = any. */
  port?: number;
  /** Write a V8 CPU profile of the server into this folder when it stops. */
  cpuProfileDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Cores of the server process (default: the server side's). */
  side?: Side;
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** Wall clock (ms) when the process was spawned and when it printed its URL. */
  spawnedAt: number;
  listeningAt: number;
  database: 'embedded' | 'postgres';
  rss(): number;
  /** SIGTERM (a graceful stop, which also writes the CPU profile); keeps the data dir. */
  stop(): Promise<void>;
  /** stop() and delete the temp folder it created (not a dataDir given to it). */
  dispose(): Promise<void>;
}

function serverBuilt(): boolean {
  return existsSync(SERVER_MAIN);
}

/** The server under test as a real process: `node apps/server/dist/main.mjs` with env. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (!serverBuilt()) throw new Error(`${SERVER_MAIN} is missing: run npm run build`);
  const home = mkdtempSync(join(os.tmpdir(), 'sos-bench-'));
  const dataDir = options.dataDir ?? join(home, 'data');
  const nodeFlags = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const spawnedAt = wallNow();
  const child = spawnNode({
    side: options.side ?? 'server',
    script: SERVER_MAIN,
    nodeFlags,
    pipe: true,
    // Its own folder as working directory: no developer's .env is read.
    cwd: home,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATABASE_URL: options.databaseUrl ?? '',
      SOS_DATA_DIR: dataDir,
      SOS_ADMIN_USERNAME: ADMIN.username,
      SOS_ADMIN_PASSWORD: ADMIN.password,
      SOS_DEVICE_API_KEY: API_KEY,
      SOS_JWT_SECRET: 'bench-jwt-secret-0123456789abcdef-0123456789abcdef',
      SOS_ACCESS_TOKEN_TTL_S: '86400',
      SOS_RATE_LIMIT: '1000000',
      SOS_DEVICE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      ...options.env,
    },
  });
  const tail: string[] = [];
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 180 s:\n${tail.join('\n')}`)),
      180_000,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      keep(line);
      const found = /SOS Console is running: (http:\/\/\S+)/.exec(line);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    createInterface({ input: child.stderr! }).on('line', keep);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${tail.join('\n')}`));
    });
  });
  const listeningAt = wallNow();
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= stopChild(child).then((code) => {
      if (code !== 0)
        console.warn(`  (server exited with ${code}; last output:\n${tail.slice(-10).join('\n')})`);
    }));
  return {
    url,
    pid: child.pid!,
    child,
    dataDir,
    spawnedAt,
    listeningAt,
    database: options.databaseUrl ? 'postgres' : 'embedded',
    rss: () => rssBytes(child.pid!),
    stop,
    async dispose() {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
