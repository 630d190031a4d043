import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { maintainTable, tablesDue, type TableDue } from '../../db/maintenance.js';
import { DueLoop } from '../../lib/due-loop.js';

declare module 'fastify' {
  interface FastifyInstance {
    dbMaintenance: {
      /** A check now, once any under way is over (embedded only); answers what it did. */
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
 * (the reports' days), no transaction ids frozen. Every interval (the durable timers' loop,
 * lib/due-loop.ts: rounds never overlap, a failed one is logged), the tables past autovacuum's
 * thresholds get a VACUUM and/or ANALYZE, one at a time (a statement runs alone in PGlite, so a
 * request waits for it). The first check comes one interval after the start, not in it.
 * Nothing on PostgreSQL.
 */
async function dbMaintenancePlugin(app: FastifyInstance, options: DbMaintenanceOptions) {
  if (app.database.kind !== 'embedded') {
    app.decorate('dbMaintenance', { runNow: async () => [] });
    return;
  }
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  let lastDone: TableDue[] = [];
  const loop = new DueLoop(
    async () => {
      lastDone = [];
      for (const due of await tablesDue(app.db)) {
        if (loop.isStopped) break;
        const started = performance.now();
        await maintainTable(app.db, due);
        app.log.info(
          { ...due, ms: Math.round(performance.now() - started) },
          'database maintenance',
        );
        lastDone.push(due);
      }
      return null; // nothing the database holds says when: the next round in intervalMs
    },
    app.log,
    { pollMs: intervalMs, name: 'database maintenance' },
  );

  app.decorate('dbMaintenance', {
    runNow: async () => {
      await loop.roundAfter();
      return lastDone;
    },
  });
  app.addHook('onReady', async () => loop.schedule(intervalMs));
  app.addHook('preClose', async () => loop.stop());
}

export default fp(dbMaintenancePlugin, {
  name: 'db-maintenance',
  dependencies: ['db'],
  fastify: '5.x',
});
