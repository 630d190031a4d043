import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * A data directory made once and unpacked many times (the build's seed, for each new install;
 * the tests' snapshot, for each test app) is kept small. 1 MB WAL segments instead of 16: the
 * first segment is written whole when unpacked, whatever it holds.
 */
export const LEAN_INITDB_ARGS = ['--wal-segsize=1'];

/**
 * Drops the template databases, which only CREATE DATABASE reads: the server never creates one
 * (it works in `postgres`), and they were two thirds of the seed's files. The seed: 542 files
 * and 2.3 MB gzipped instead of 1,140 and 4.9 MB, unpacked in ~100 ms of CPU instead of ~550;
 * the tests' snapshot: 15 MB instead of 42, an open ~140 ms of CPU instead of ~300.
 */
export async function dropTemplates(database: Database): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
    await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
  }
}
