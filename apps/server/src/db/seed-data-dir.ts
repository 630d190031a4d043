import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { SERVER_ROOT } from '../lib/paths.js';
import { LOCK_FILES } from './lock.js';
import { parseTar, type TarEntry } from './tar.js';

/**
 * A migrated, empty embedded data directory made at build time (scripts/build-seed.mjs).
 * A fresh install unpacks it instead of running initdb inside WebAssembly (~3 s, and
 * PGlite keeps the initdb instance's memory, ~400 MiB, for the life of the process).
 * It holds the migrations only: the administrator and the API key are made per install.
 */
export const SEED_FILE = join(SERVER_ROOT, 'dist', 'seed', 'pgdata.tar.gz');
/**
 * Beside the tarball: the PGlite version that made it (another version may not read it).
 * @public scripts/build-seed.mjs imports it from dist, where knip does not look.
 */
export const SEED_INFO_FILE = join(SERVER_ROOT, 'dist', 'seed', 'pgdata.json');

/** Written last: PGlite (and we) take a folder holding it for an existing database. */
const MARKER = 'PG_VERSION';

export function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** The archive's entries with their paths under dir (refusing any that would leave it). */
function placed(entries: TarEntry[], dir: string) {
  const root = resolve(dir);
  return entries.map((entry) => {
    const path = resolve(root, `.${sep}${entry.name.replace(/^\/+/, '')}`);
    if (path !== root && !path.startsWith(root + sep)) {
      throw new Error(`seed data directory: entry outside the folder: ${entry.name}`);
    }
    return { ...entry, path, top: path.slice(root.length + 1).split(sep)[0] ?? '' };
  });
}

export type SeedResult = 'seeded' | 'no-seed' | 'other-version' | 'not-empty';

/**
 * Fills a new data folder from the build's seed. Never touches a folder that already holds a
 * database (PG_VERSION) or anything but the lock file and what an interrupted seeding left
 * (entries of the seed itself): those open as before, PGlite running initdb if needed.
 */
export function seedDataDir(dir: string, seedFile = SEED_FILE): SeedResult {
  // First, as it is every start but the first: an existing database costs one stat.
  if (existsSync(join(dir, MARKER))) return 'not-empty';
  if (!existsSync(seedFile)) return 'no-seed'; // run from sources without a build
  const infoFile = join(dirname(seedFile), 'pgdata.json');
  const info = existsSync(infoFile)
    ? (JSON.parse(readFileSync(infoFile, 'utf8')) as { pglite?: string })
    : {};
  if (info.pglite !== pgliteVersion()) return 'other-version';
  const entries = placed(parseTar(gunzipSync(readFileSync(seedFile))), dir);
  const known = new Set([...LOCK_FILES, ...entries.map((e) => e.top)]);
  if (existsSync(dir) && readdirSync(dir).some((name) => !known.has(name))) return 'not-empty';
  // PG_VERSION last: if the process dies midway, the next start sees no database and seeds again.
  const marker = entries.filter((e) => e.top === MARKER);
  for (const entry of [...entries.filter((e) => e.top !== MARKER), ...marker]) {
    if (entry.type === 'dir') {
      mkdirSync(entry.path, { recursive: true, mode: 0o700 });
    } else {
      mkdirSync(dirname(entry.path), { recursive: true, mode: 0o700 });
      writeFileSync(entry.path, entry.data, { mode: 0o600 });
    }
  }
  return 'seeded';
}
