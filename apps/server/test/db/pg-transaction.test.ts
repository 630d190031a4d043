import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { toolVar } from '../../../../scripts/lib/env.mjs';

/**
 * A connection lost under BEGIN gives its pool slot back (src/db/pg-transaction.ts). A
 * proxy between the pool and PostgreSQL cuts the connection the moment it carries BEGIN —
 * what a restart or pg_terminate_backend does to a connection idle in the pool — more
 * times than the pool has connections. Drizzle's own transaction() would leak each of them
 * and every later query would wait forever.
 */
const url = toolVar('TEST_DATABASE_URL');

/** Forwards to PostgreSQL; while `cutOnBegin`, ends both sides when a BEGIN goes through. */
function beginCuttingProxy(target: URL) {
  const state = { cutOnBegin: false, cuts: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.on('data', (chunk: Buffer) => {
      if (state.cutOnBegin && chunk.includes('begin')) {
        state.cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    state,
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      ),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const POOL_SIZE = 2;

describe.skipIf(!inject('postgresReady'))(
  'transactions on PostgreSQL whose connection is lost under BEGIN',
  () => {
    let proxy: ReturnType<typeof beginCuttingProxy>;
    let database: Database;
    beforeAll(async () => {
      const target = new URL(url!);
      proxy = beginCuttingProxy(target);
      const through = new URL(url!);
      through.host = `127.0.0.1:${await proxy.listen()}`;
      database = await openPostgres(through.toString(), POOL_SIZE);
    });
    afterAll(async () => {
      await database.close(); // hangs if a client was never released
      await proxy.close();
    });

    it('fail as an outage, and the pool still serves transactions once the database answers again', async () => {
      // With a slot leaked per failure the pool empties and the next transaction waits forever: say so instead.
      const exhausted = new Promise<never>((_, reject) => {
        setTimeout(
          () =>
            reject(new Error('no pooled connection came back: failed transactions leaked them')),
          10_000,
        ).unref();
      });
      const failures: unknown[] = [];
      const outageThenBack = async () => {
        proxy.state.cutOnBegin = true;
        for (let i = 0; i < POOL_SIZE * 3; i++) {
          await database.db
            .transaction((tx) => tx.execute(sql`select 1`))
            .catch((err: unknown) => failures.push(err));
        }
        proxy.state.cutOnBegin = false;
        return Promise.all(
          Array.from({ length: POOL_SIZE * 2 }, (_, i) =>
            database.db.transaction(
              async (tx) =>
                ((await tx.execute(sql`select ${i}::int as n`)) as { rows: unknown[] }).rows[0],
            ),
          ),
        );
      };
      const answers = await Promise.race([outageThenBack(), exhausted]);
      expect(proxy.state.cuts).toBe(POOL_SIZE * 3);
      expect(failures.map(isDatabaseUnavailable)).toEqual(Array(POOL_SIZE * 3).fill(true));
      expect(answers).toEqual(Array.from({ length: POOL_SIZE * 2 }, (_, n) => ({ n })));
    });
  },
);
