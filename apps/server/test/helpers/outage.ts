import pg from 'pg';
import { toolVar } from '../../../../scripts/lib/env.mjs';
import type { DbKind, TestContext } from './app.js';

/** Takes the app's database away: PGlite's handle closed; PostgreSQL's database closed to connections. */
export async function cutDatabase(kind: DbKind, ctx: TestContext): Promise<pg.Client | undefined> {
  if (kind === 'embedded') {
    await ctx.database.close();
    return undefined;
  }
  // The shared server keeps running: only this test's own database refuses connections.
  const admin = new pg.Client({ connectionString: toolVar('TEST_DATABASE_URL') });
  await admin.connect();
  const name = new URL(ctx.databaseUrl!).pathname.slice(1);
  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
    name,
  ]);
  return admin;
}

/** PostgreSQL's database open to connections again (a closed PGlite does not come back). */
export async function restoreDatabase(ctx: TestContext, admin: pg.Client): Promise<void> {
  const name = new URL(ctx.databaseUrl!).pathname.slice(1);
  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
}
