import { resolve } from 'node:path';
import { openEmbedded, openPostgres, type Database } from './client.js';
import { migrate } from './migrate.js';

/**
 * Where the database is: env.ts's two variables, written here rather than imported so that
 * db/ (below everything) does not depend on env.ts, which depends on throttle/, which uses db/.
 */
export interface DatabaseLocation {
  DATABASE_URL?: string | undefined;
  SOS_DATA_DIR: string;
}

/** Opens the configured database (PostgreSQL if DATABASE_URL, else embedded) and migrates it. */
export async function openDatabase(env: DatabaseLocation): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL)
    : await openEmbedded({ dataDir: resolve(env.SOS_DATA_DIR) });
  try {
    await migrate(database, env.DATABASE_URL);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
