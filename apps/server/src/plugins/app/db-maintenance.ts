import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { maintainTable, tablesDue, type TableDue } from '../../db/maintenance.js';

declare module 'fastify' {
  interface FastifyInstance {
    dbMaintenance: {
      /** Checks now and maintains the tables due (embedded only); answers what it did. */
      runNow(): Promise<TableDue[]>;
    };
  }
}

export interface DbMaintenanceOptions {
  /** Between two checks (ms); default 10 minutes. */
  intervalMs?: number;
}

/**
 * The embedded database's upkeep (docs/operations.md "Running it"). PGlite runs PostgreSQL as a
 * single process, without the autovacuum PostgreSQL itself runs: no dead rows would ever be
 * reclaimed, no statistics gathered for the planner, no visibility map set for index-only scans
 * (the reports' days), no transaction ids frozen. Every interval, the tables past autovacuum's
 * thresholds get a VACUUM and/or ANALYZE, one at a time, each one table's worth (a
 * statement runs alone in PGlite, so a request waits for it). Nothing on PostgreSQL.
 */
async function dbMaintenancePlugin(app: FastifyInstance, options: DbMaintenanceOptions) {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const embedded = app.database.kind === 'embedded';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TableDue[]> | undefined;
  let stopped = false;

  const cycle = async (): Promise<TableDue[]> => {
    const done: TableDue[] = [];
    for (const due of embedded ? await tablesDue(app.db) : []) {
      if (stopped) break;
      const started = performance.now();
      await maintainTable(app.db, due);
      const ms = Math.round(performance.now() - started);
      app.log.info({ ...due, ms }, 'database maintenance');
      done.push(due);
    }
    return done;
  };
  const runNow = (): Promise<TableDue[]> => {
    running ??= cycle().finally(() => (running = undefined));
    return running;
  };

  app.decorate('dbMaintenance', { runNow });
  if (!embedded) return;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      runNow().catch((err: unknown) => app.log.warn({ err }, 'database maintenance failed'));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running?.catch(() => []);
  });
}

export default fp(dbMaintenancePlugin, {
  name: 'db-maintenance',
  dependencies: ['db'],
  fastify: '5.x',
});
