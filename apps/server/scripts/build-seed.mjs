// Run by `npm run build` after tsc: writes dist/seed/pgdata.tar.gz, a migrated, empty
// embedded data directory that a fresh install unpacks instead of running initdb (~3 s).
// Made from migrations only: no user, no API key (those are generated per install), and lean
// (src/db/lean-data-dir.ts, as the tests' snapshot). Skipped while the seed is newer than every
// migration, this script and the modules that make it, and was made by this PGlite.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from '../../../scripts/lib/fresh.mjs';
import { MIGRATIONS_DIR } from '../dist/src/lib/paths.js';
import { pgliteVersion, SEED_FILE, SEED_INFO_FILE } from '../dist/src/db/seed-data-dir.js';

const madeBy = existsSync(SEED_INFO_FILE)
  ? JSON.parse(readFileSync(SEED_INFO_FILE, 'utf8')).pglite
  : null;
const INPUTS = [
  MIGRATIONS_DIR,
  fileURLToPath(import.meta.url),
  fileURLToPath(new URL('../src/db/lean-data-dir.ts', import.meta.url)),
  fileURLToPath(new URL('../src/db/tar.ts', import.meta.url)),
];
if (isFresh(SEED_FILE, INPUTS) && madeBy === pgliteVersion()) process.exit(0);

// Loaded only now: PGlite and Drizzle take a while to load, for nothing when the seed is fresh.
const { leanDataDir } = await import('../dist/src/db/lean-data-dir.js');

const tarball = await leanDataDir('gzip');
mkdirSync(dirname(SEED_FILE), { recursive: true });
writeFileSync(SEED_FILE, Buffer.from(await tarball.arrayBuffer()));
writeFileSync(SEED_INFO_FILE, JSON.stringify({ pglite: pgliteVersion() }) + '\n');
console.log('server seed data directory');
