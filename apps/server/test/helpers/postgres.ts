import pg from 'pg';
import { randomBytes } from 'node:crypto';

/** The same server URL with another database name. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

/** A fresh database copied from the migrated template; returns its URL and a drop function. */
export async function createTestDatabase(
  url: string,
  template: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sos_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        // Two files copying the template at the same instant: wait and retry.
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
