import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Schema } from './schema.js';
import { lockDataDir } from './lock.js';
import { listenPg } from './pg-listen.js';
import { prepareMarkedStatements } from './prepared.js';
import { releasingTransactions } from './pg-transaction.js';
import { seedDataDir, SEED_FILE } from './seed-data-dir.js';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Unlisten = () => Promise<void>;

export interface Database {
  kind: 'embedded' | 'postgres';
  db: Db;
  /** Subscribes to a NOTIFY channel; the callback gets each payload. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** A folder (locked while open); omit for an in-memory database. */
  dataDir?: string;
  /** A dumped, already migrated data directory to start from (tests). */
  loadDataDir?: Blob | File;
  /** The build's seed a new dataDir is filled from (null: none, PGlite runs initdb). */
  seedFile?: string | null;
  /** Further initdb arguments when PGlite creates the database itself (tests' snapshot). */
  initdbArgs?: string[];
}

/**
 * PostgreSQL's settings inside PGlite. shared_buffers: the default 128MB is all touched at
 * start (zeroed), so it is resident: 16MB cuts the process by ~120 MiB (bench fan-out-10k, RSS);
 * the data files stay in the OS cache, so reads that miss it cost a copy, not a disk read.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB'];

export async function openEmbedded(options: EmbeddedOptions = {}): Promise<Database> {
  const release = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
  try {
    const seedFile = options.seedFile === undefined ? SEED_FILE : options.seedFile;
    if (options.dataDir && seedFile && !options.loadDataDir) seedDataDir(options.dataDir, seedFile);
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])],
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'embedded',
      db,
      async listen(channel, onPayload) {
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      async ping() {
        await client.query('SELECT 1');
      },
      async close() {
        try {
          if (!client.closed) await client.close();
        } finally {
          await release();
        }
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * PostgreSQL's JIT compiles a statement whose estimated cost passes jit_above_cost: hundreds
 * of ms of compiling for statements that run in ms once a table is large or its statistics
 * are not yet gathered (a 150 ms JIT for an empty offline sweep, 1.7 s for the 100,000-device
 * list, ~350 ms stalls of a raise right after 100,000 devices were loaded). An alarm
 * server's statements are short; none gains from it, so it is off for every connection.
 */
const CONNECTION_OPTIONS = '-c jit=off';

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: CONNECTION_OPTIONS });
  pool.on('error', () => {}); // an idle client's error: the pool replaces it
  // A checked-out client between two statements of a transaction has no listener of the
  // pool's: its connection lost (a server restart, pg_terminate_backend) would be an uncaught
  // 'error' that ends the process. Its statements are rejected on their own (503, see
  // db/unavailable.ts) and the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareMarkedStatements(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.transaction = releasingTransactions(
    pool,
    (client) => drizzlePg(client, { schema }) as unknown as Db,
  );
  const listeners = new Set<Unlisten>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      // LISTEN needs one connection of its own for as long as it listens (re-opened if lost).
      const stop = await listenPg(url, channel, onPayload);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      const stops = [...listeners];
      listeners.clear();
      await Promise.all(stops.map((stop) => stop()));
      await pool.end();
    },
  };
}
