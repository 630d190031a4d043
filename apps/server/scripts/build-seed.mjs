// Run by `npm run build` after tsc: writes dist/seed/pgdata.tar.gz, a migrated, empty
// embedded data directory that a fresh install unpacks instead of running initdb (~3 s).
// Made from migrations only: no user, no API key (those are generated per install).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openEmbedded } from '../dist/src/db/client.js';
import { migrate } from '../dist/src/db/migrate.js';
import { pgliteVersion, SEED_FILE, SEED_INFO_FILE } from '../dist/src/db/seed-data-dir.js';

const database = await openEmbedded(); // in memory
try {
  await migrate(database);
  // Written to the data files now, so the first start has no WAL to replay.
  await database.db.execute('CHECKPOINT');
  const tarball = await database.dump('gzip');
  mkdirSync(dirname(SEED_FILE), { recursive: true });
  writeFileSync(SEED_FILE, Buffer.from(await tarball.arrayBuffer()));
  writeFileSync(SEED_INFO_FILE, JSON.stringify({ pglite: pgliteVersion() }) + '\n');
} finally {
  await database.close();
}
