import { resolve } from 'node:path';
import type { Env } from '../env.js';
import { openEmbedded, openPostgres, type Database } from './client.js';
import { migrate } from './migrate.js';

/** Opens the configured database (PostgreSQL if DATABASE_URL, else embedded) and migrates it. */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'SOS_DATA_DIR'>): Promise<Database> {
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
