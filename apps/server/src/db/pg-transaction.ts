import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';

/**
 * Transactions over the pool that always give their connection back (docs/hardening.md).
 *
 * Drizzle 0.45's node-postgres `transaction()` checks a client out of the pool and sends
 * BEGIN before its try/finally: when BEGIN fails (the connection died while idle in the
 * pool — a PostgreSQL restart, pg_terminate_backend, ALLOW_CONNECTIONS false) the client is
 * never released. Each such failure costs the pool one connection for good; after `max` of
 * them every query waits forever and the server stays down after the database came back
 * (drizzle-orm issues 6023, 6114, 6241; open upstream). Its second defect: a client whose
 * ROLLBACK failed goes back to the pool as if healthy.
 *
 * Here the pool is ours: the client is checked out here, Drizzle runs the transaction on
 * that single client (no pool, so it releases nothing), and `finally` releases it — with
 * the error when the connection is lost, so the pool destroys it rather than lend it again.
 */
export function releasingTransactions<
  D extends { transaction: (...args: never[]) => Promise<unknown> },
>(pool: pg.Pool, onClient: (client: pg.PoolClient) => D): D['transaction'] {
  // One Drizzle instance per pooled connection: building one maps the whole schema.
  const instances = new WeakMap<pg.PoolClient, D>();
  const transaction = async (...args: Parameters<D['transaction']>) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      let clientDb = instances.get(client);
      if (!clientDb) instances.set(client, (clientDb = onClient(client)));
      return await clientDb.transaction(...args);
    } catch (err) {
      if (isDatabaseUnavailable(err)) lost = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(lost);
    }
  };
  return transaction as D['transaction'];
}
