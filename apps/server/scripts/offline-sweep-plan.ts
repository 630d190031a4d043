/**
 * Prints the offline sweep's query plans and timings on a fleet in PostgreSQL (docs/alarm-handling.md):
 *   DATABASE_URL=postgres://… npx tsx scripts/offline-sweep-plan.ts [devices=100000] [stale=1000]
 * Works on a scratch database it creates and drops (named after the URL's, plus _sweep_plan).
 */
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { LIVE_EVENTS } from '@sos/contract';
import { openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { rowsOf } from '../src/db/rows.js';
import { writeEventsSql } from '../src/live/outbox.js';
import { nextOfflineSql, sweepOfflineSql } from '../src/devices/health/offline-sweep.js';
import { deviceName } from '../src/devices/name.js';
import { toolVar } from '../../../scripts/lib/env.mjs';

const url = toolVar('DATABASE_URL');
if (!url) throw new Error('set DATABASE_URL');
const fleet = Number(process.argv[2] ?? 100_000);
const stale = Number(process.argv[3] ?? 1000);
const scratch = new URL(url);
const name = `${scratch.pathname.slice(1) || 'postgres'}_sweep_plan`;
scratch.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name}`);
await admin.query(`CREATE DATABASE ${name}`);
const database = await openPostgres(scratch.toString(), 2);
try {
  await migrate(database, scratch.toString());
  const { db } = database;
  // Every device monitored and online; `stale` of them silent for an hour, the rest just heard.
  // Each name with its key (name_sort_key has no default; src/devices/name.ts).
  const rows = Array.from({ length: fleet }, (_, n) => ({
    i: n + 1,
    ...deviceName(`Device ${n + 1}`),
  }));
  await db.execute(sql`
    INSERT INTO devices (serial, display_name, name_sort_key, last_seen_at, online, battery_pct)
    SELECT 'dev-' || i, n."displayName", n."nameSortKey",
      CASE WHEN i <= ${stale} THEN now() - interval '1 hour' ELSE now() - random() * interval '200 seconds' END,
      true, (i % 100)
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS n(i integer, "displayName" text, "nameSortKey" text)`);
  await db.execute(sql`ANALYZE devices`);
  const explain = async (label: string, statement: SQL) => {
    const result = await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
    console.log(`\n== ${label} ==`);
    for (const row of rowsOf<Record<string, string>>(result)) console.log(Object.values(row)[0]);
  };
  await explain(`next deadline (${fleet} online devices)`, nextOfflineSql(300));
  const sweep = writeEventsSql(LIVE_EVENTS.deviceOffline, sweepOfflineSql(300));
  await explain(`sweep: ${stale} of ${fleet} devices go offline (one event each)`, sweep);
  await explain(`sweep again: nothing to do`, sweep);
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
}
