import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `The data folder ${dir} is in use by another server process${pid ? ` (pid ${pid})` : ''}. ` +
        'Two processes on one embedded database silently lose data: stop the other one, ' +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_NAME = 'server.lock';
/** A lock whose holder has not refreshed it for this long is stale (holder gone or frozen). */
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

interface Owner {
  pid: number;
  host: string;
}

const ownerFile = (lockPath: string) => `${lockPath}.owner`;

/** What lockDataDir() puts in the folder: never part of the database (seed, lean data dir). */
export const LOCK_FILES = [LOCK_NAME, ownerFile(LOCK_NAME)];

function readOwner(lockPath: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerFile(lockPath), 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string'
      ? (owner as Owner)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This machine's guard of a folder (Linux): an abstract unix socket named after the folder's
 * real path. The kernel lets one process bind a name, and frees it the instant that process
 * dies, kill -9 included: no file, nothing stale, no race. null where there are no abstract
 * sockets (the folder lock alone then decides, see lockDataDir).
 */
async function hostGuard(dir: string, lockPath: string): Promise<Server | null> {
  if (process.platform !== 'linux') return null;
  const name =
    '\0sos-console-data-' +
    createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 40);
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(name, resolve);
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new DataDirLockedError(dir, readOwner(lockPath)?.pid);
    throw err;
  }
  server.unref();
  return server;
}

const lockOptions = (lockPath: string): lockfile.LockOptions => ({
  lockfilePath: lockPath,
  stale: STALE_MS,
  update: UPDATE_MS,
  realpath: false,
  // The lock is a directory; remove it (or a plain file an older version left) whole.
  fs: {
    ...fs,
    rmdir: (path: string, done: (err: Error | null) => void) =>
      fs.rm(path, { recursive: true, force: true }, done),
  },
  onCompromised: (err) => {
    // Another process took the folder while this one still runs: stop before both write.
    console.error(
      `The lock of the data folder was lost (${err.message}): exiting to protect the data.`,
    );
    process.exit(1);
  },
});

/**
 * Takes an exclusive lock on an embedded data folder, for as long as the process runs.
 *
 * proper-lockfile makes `server.lock` (mkdir is atomic) and refreshes its time every 2 s;
 * a lock not refreshed for 10 s is stale and taken over, which covers a holder on another
 * machine sharing the folder. On Linux the host guard comes first: whoever binds it is the
 * only process of this machine that can get here, so a lock left by a process of this
 * machine (its owner file names this host) is known dead, even seconds after a kill -9,
 * and is taken over at once, by one process only. Two racing starters can never both win:
 * the guard serialises them on one machine; mkdir decides between machines.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_NAME);
  const guard = await hostGuard(dir, lockPath);
  try {
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(dir, lockOptions(lockPath));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      const owner = readOwner(lockPath);
      if (!guard || owner?.host !== hostname()) throw new DataDirLockedError(dir, owner?.pid);
      rmSync(lockPath, { recursive: true, force: true });
      release = await lockfile.lock(dir, lockOptions(lockPath));
    }
    writeFileSync(
      ownerFile(lockPath),
      JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner),
    );
    return async () => {
      try {
        await release();
      } finally {
        rmSync(ownerFile(lockPath), { force: true });
        guard?.close();
      }
    };
  } catch (err) {
    guard?.close();
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED')
      throw new DataDirLockedError(dir, readOwner(lockPath)?.pid);
    throw err;
  }
}
