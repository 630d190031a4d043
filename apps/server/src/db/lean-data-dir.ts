import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { openEmbedded } from './client.js';
import { migrate } from './migrate.js';
import { LOCK_FILES } from './lock.js';
import { writeTar, type TarEntry } from './tar.js';

/** A folder's files and folders, each folder before what it holds, named from its root. */
function entriesOf(root: string, under = ''): TarEntry[] {
  return (
    readdirSync(join(root, under), { withFileTypes: true })
      // Code-unit order, not the locale's: the same archive from the same folder anywhere.
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((item): TarEntry[] => {
        const name = `${under}/${item.name}`;
        if (item.isDirectory())
          return [{ name, type: 'dir', data: Buffer.alloc(0) }, ...entriesOf(root, name)];
        return [{ name, type: 'file', data: readFileSync(join(root, name)) }];
      })
  );
}

/** Not part of a database: the server's lock (db/lock.ts) and a running server's pid file. */
const NOT_DATA = new Set([...LOCK_FILES, 'postmaster.pid'].map((name) => `/${name}`));

const WAL_SEGMENT = /^\/pg_wal\/[0-9A-F]{24}$/;

/**
 * After a clean shutdown the data needs one WAL segment, the one holding the shutdown
 * checkpoint: the first of those left (a checkpoint removes the ones before its own, or renames
 * them for reuse after it). The others are old segments kept for reuse, whole megabytes that
 * every unpacking would write (PostgreSQL makes new ones when it needs them).
 */
function withoutSpareWal(entries: TarEntry[]): TarEntry[] {
  const segments = entries.filter((entry) => WAL_SEGMENT.test(entry.name)).map((e) => e.name);
  const kept = segments.sort()[0];
  return entries.filter((entry) => !WAL_SEGMENT.test(entry.name) || entry.name === kept);
}

/**
 * A migrated, empty embedded data directory, as a tarball: made once and unpacked many times
 * (the build's seed, for each new install; the tests' snapshot, for each test app), so it is
 * kept small. 1 MB WAL segments instead of 16 (the first segment is written whole when
 * unpacked, whatever it holds), and no template databases, which only CREATE DATABASE reads:
 * the server never creates one (it works in `postgres`), and they were two thirds of the files.
 * Made in a folder and archived after a clean shutdown (a running database's dump says "in
 * production": every start from it ran crash recovery), with the one WAL segment in use:
 * ~540 files and ~10 MB (gzipped 1.4 MB) instead of 1,140 files and ~42 MB.
 */
export async function leanDataDir(compression: 'none' | 'gzip'): Promise<Blob> {
  const folder = mkdtempSync(join(tmpdir(), 'sos-lean-data-dir-'));
  try {
    const dataDir = join(folder, 'data');
    const database = await openEmbedded({
      dataDir,
      seedFile: null,
      initdbArgs: ['--wal-segsize=1'],
    });
    try {
      await migrate(database);
      for (const name of ['template0', 'template1']) {
        await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
        await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
      }
    } finally {
      await database.close();
    }
    const tar = writeTar(
      withoutSpareWal(entriesOf(dataDir).filter((entry) => !NOT_DATA.has(entry.name))),
    );
    return new Blob([compression === 'gzip' ? gzipSync(tar) : tar]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
