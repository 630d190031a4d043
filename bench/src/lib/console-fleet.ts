import pg from 'pg';
import { registerDevices } from './api.js';
import { createBenchDatabase, insertDevices } from './pg.js';
import { startServer, type RunningServer } from './server.js';

/** Above this many devices the console bench seeds PostgreSQL instead of calling the API. */
const API_REGISTER_LIMIT = 10_000;

export interface ConsoleFleet {
  server: RunningServer;
  database: 'embedded' | 'postgres';
  /** How the devices came in, and how long it took (s). */
  seeded: 'device API' | 'one SQL INSERT';
  setupS: number;
  dispose(): Promise<void>;
}

/**
 * The server under test with `devices` devices (serialOf/nameOf 1..N). Up to 10,000 on the
 * embedded database, registered through the device API as before (28 s for 10,000).
 * Beyond, or with `postgres`, on PostgreSQL, inserted in one statement like the fleet bench:
 * 100,000 registrations take minutes and measure nothing here, and a fleet that size runs
 * on PostgreSQL (the embedded database is single-threaded WASM, for small sites).
 */
export async function startConsoleFleet(
  devices: number,
  postgres: boolean,
  env: NodeJS.ProcessEnv,
): Promise<ConsoleFleet> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  if (!postgres && devices <= API_REGISTER_LIMIT) {
    const server = await startServer({ side: 'any', env });
    await registerDevices(server.url, devices, 16);
    return {
      server,
      database: 'embedded',
      seeded: 'device API',
      setupS: seconds(),
      dispose: () => server.dispose(),
    };
  }
  const database = await createBenchDatabase('console');
  if ('skipped' in database) throw new Error(database.skipped);
  const server = await startServer({ side: 'any', databaseUrl: database.url, env });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await insertDevices(client, devices);
    await client.query('ANALYZE devices');
  } finally {
    await client.end();
  }
  return {
    server,
    database: 'postgres',
    seeded: 'one SQL INSERT',
    setupS: seconds(),
    async dispose() {
      await server.dispose();
      await database.drop();
    },
  };
}
