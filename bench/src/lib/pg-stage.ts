import pg from 'pg';
import { Agent } from 'undici';
import { apiPath } from '@sos/contract';
import { login, raiseSos, serialOf } from './api.js';
import type { BenchContext } from './bench.js';
import { deliveryRounds } from './delivery-rounds.js';
import { createBenchDatabase, insertDevices } from './pg.js';
import { startServer, type RunningServer } from './server.js';
import { SseFleet } from './sse-fleet.js';
import { round, type Summary } from './stats.js';

/** A bench's own numeric flag (`--devices 1000`), else its size's value. */
export const flag = (ctx: BenchContext, name: string, fallback: number) =>
  ctx.flags?.[name] ?? fallback;

/** A latency summary as the tables print it. */
export const ms = (s: Summary) => ({
  p50: round(s.p50),
  p99: round(s.p99),
  max: round(s.max),
  n: s.count,
});

/** The server on a fresh PostgreSQL database, with its devices and dashboards (fleet, receivers, expectations). */
export interface PgStage {
  server: RunningServer;
  /** A connection of the bench's own to the database. */
  client: pg.Client;
  token: string;
  fleet: SseFleet;
  /** Everything closed, in reverse order, and the database dropped. */
  dispose(): Promise<void>;
}

export interface PgStageOptions {
  /** The database's name part (sos_bench_<label>_<pid>). */
  label: string;
  /** Devices 1..devices, inserted in one statement (api.ts serialOf). */
  devices: number;
  /** Live streams (`sosRealTime`) signed in as the admin, one client process. */
  dashboards: number;
  cpuProfileDir?: string | undefined;
  env?: NodeJS.ProcessEnv;
}

/** Starts a PgStage; `{skipped}` when PostgreSQL cannot be reached. */
export async function startPgStage(o: PgStageOptions): Promise<PgStage | { skipped: string }> {
  const database = await createBenchDatabase(o.label);
  if ('skipped' in database) return database;
  const server = await startServer({
    databaseUrl: database.url,
    ...(o.cpuProfileDir ? { cpuProfileDir: o.cpuProfileDir } : {}),
    ...(o.env ? { env: o.env } : {}),
  });
  const client = new pg.Client({ connectionString: database.url });
  let fleet: SseFleet | undefined;
  const dispose = async () => {
    await fleet?.close();
    await client.end().catch(() => {});
    await server.dispose();
    await database.drop();
  };
  try {
    await client.connect();
    await insertDevices(client, o.devices);
    const token = await login(server.url);
    fleet = await SseFleet.start({
      streams: o.dashboards,
      processes: 1,
      url: server.url + apiPath('sosRealTime'),
      headers: { authorization: `Bearer ${token}` },
    });
    return { server, client, token, fleet, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

/** SOS raised over the device API one at a time, devices `first`, first+1, … (each its own). */
export async function sosRounds(
  fleet: SseFleet,
  url: string,
  first: number,
  gapMs: number,
  stop: (i: number) => boolean,
) {
  const device = new Agent({ connections: 1, keepAliveTimeout: 600_000 });
  try {
    return await deliveryRounds(
      fleet,
      gapMs,
      stop,
      async (i) => (await raiseSos(url, serialOf(first + i), device)).id,
    );
  } finally {
    await device.close();
  }
}
