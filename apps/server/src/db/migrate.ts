import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import type { Database } from './client.js';
import { fillNameSortKeys } from './name-sort-keys.js';

// Any constant: processes starting together on one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 7_262_001;

/**
 * Applies the committed migrations, the same ones for the embedded and the real database,
 * then what SQL could not write (fillNameSortKeys).
 */
export async function migrate(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'embedded') {
    await migratePglite(database.db as unknown as PgliteDatabase, {
      migrationsFolder: MIGRATIONS_DIR,
    });
    await fillNameSortKeys(database.db);
    return;
  }
  if (!databaseUrl) throw new Error('migrate: the PostgreSQL URL is required');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const db = drizzlePg(client);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    await fillNameSortKeys(db);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
