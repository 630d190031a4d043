import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { SERVER_ROOT } from '../lib/paths.js';

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

/** What lockDataDir() puts in the folder before it is opened (db/lock.ts). */
const LOCK_FILES = ['server.lock', 'server.lock.owner'];
/** Written last: PGlite (and we) take a folder holding it for an existing database. */
const MARKER = 'PG_VERSION';

export function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

interface TarEntry {
  name: string;
  type: 'file' | 'dir';
  data: Buffer;
}

function field(header: Buffer, start: number, end: number): string {
  const bytes = header.subarray(start, end);
  const nul = bytes.indexOf(0);
  return bytes.subarray(0, nul < 0 ? bytes.length : nul).toString('utf8');
}

/** Reads a ustar archive (what PGlite's dumpDataDir writes): regular files and folders only. */
export function parseTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break; // end of archive
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (sum !== Number.parseInt(field(header, 148, 156).trim(), 8)) {
      throw new Error(`seed data directory: corrupt tar header at byte ${offset}`);
    }
    const prefix = field(header, 345, 500);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const flag = String.fromCharCode(header[156] || 48);
    const data = archive.subarray(offset + 512, offset + 512 + size);
    if (flag === '0') entries.push({ name, type: 'file', data });
    else if (flag === '5') entries.push({ name, type: 'dir', data });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
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
