import pg from 'pg';
import { toolVar } from '../../../scripts/lib/env.mjs';
import { deviceRange, deviceRowsJson, insertDevicesSql } from './device-rows.js';

/**
 * A fresh PostgreSQL database per bench run, dropped afterwards. The server comes from
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL (CI's), else the local default; only its
 * host and credentials are used: the bench creates and drops its own database there.
 */
const ADMIN_URL =
  toolVar('BENCH_DATABASE_URL') ??
  toolVar('TEST_DATABASE_URL') ??
  'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates sos_bench_<label>_<pid>; resolves null (with the reason) when PostgreSQL is unreachable. */
export async function createBenchDatabase(
  label: string,
): Promise<BenchDatabase | { skipped: string }> {
  const name = `sos_bench_${label.replace(/\W/g, '_')}_${process.pid}`;
  try {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${name}`);
    });
  } catch (err) {
    return { skipped: `PostgreSQL at ${ADMIN_URL} unreachable: ${(err as Error).message}` };
  }
  return {
    url: withDatabase(ADMIN_URL, name),
    drop: () =>
      admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/**
 * Devices 1..count as the device API would register them (api.ts serialOf/nameOf), in ONE
 * statement: registering 100,000 through the API takes minutes and measures nothing.
 */
export async function insertDevices(client: pg.Client, count: number): Promise<void> {
  const pad = (i: number) => String(i).padStart(6, '0');
  const rows = deviceRange(count, (i) => ({
    serial: `BENCH-${pad(i)}`,
    name: `Bench device ${pad(i)}`,
  }));
  await client.query(insertDevicesSql('$1'), [deviceRowsJson(rows)]);
}
