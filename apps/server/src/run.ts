import { ConfigError, isInteractive, loadEnv } from './env.js';
import { DataDirLockedError } from './db/lock.js';
import { preferSmallHeap } from './lib/heap.js';
import { deferWasmTierUp } from './lib/wasm-tiering.js';
import type { Companion } from './companion.js';
import { startServer } from './server.js';

/** How long a graceful shutdown may take before the process gives up and exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(companion: Companion | undefined) {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!env.DATABASE_URL) {
    preferSmallHeap();
    deferWasmTierUp();
  }
  let server;
  try {
    server = await startServer(env, isInteractive(), companion);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: closing live streams and the database');
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed', err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/**
 * The server process: `npm start` (main.ts) runs it alone, `npm run demo` with the simulated
 * devices as its companion (companion.ts). Ends the process when the start fails.
 */
export function run(companion?: Companion): void {
  main(companion).catch((err: unknown) => {
    console.error('SOS Console failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
