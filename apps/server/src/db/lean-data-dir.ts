import { sql } from 'drizzle-orm';
import { openEmbedded } from './client.js';
import { migrate } from './migrate.js';

/**
 * A migrated, empty embedded data directory, as a tarball: made once and unpacked many times
 * (the build's seed, for each new install; the tests' snapshot, for each test app), so it is
 * kept small. 1 MB WAL segments instead of 16 (the first segment is written whole when
 * unpacked, whatever it holds), and no template databases, which only CREATE DATABASE reads:
 * the server never creates one (it works in `postgres`), and they were two thirds of the files.
 * The seed: 542 files and 2.3 MB gzipped instead of 1,140 and 4.9 MB, unpacked in ~100 ms of
 * CPU instead of ~550; the tests' snapshot: 15 MB instead of 42, an open ~140 ms of CPU
 * instead of ~300. Checkpointed, so the first start has no WAL to replay.
 */
export async function leanDataDir(compression: 'none' | 'gzip'): Promise<Blob> {
  const database = await openEmbedded({ initdbArgs: ['--wal-segsize=1'] }); // in memory
  try {
    await migrate(database);
    for (const name of ['template0', 'template1']) {
      await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
      await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
    }
    await database.db.execute(sql.raw('CHECKPOINT'));
    return await database.dump!(compression);
  } finally {
    await database.close();
  }
}
