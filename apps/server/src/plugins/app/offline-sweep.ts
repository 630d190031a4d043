import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import {
  msUntilNextOffline,
  readOfflineAfterSeconds,
  sweepOffline,
} from '../../devices/health/offline-sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    offlineSweep: {
      /** Sweeps now and re-plans (after offlineAfterSeconds changed, say); answers how many went offline. */
      runNow(): Promise<number>;
    };
  }
}

export interface OfflineSweepOptions {
  /**
   * The longest sleep between sweeps: a lowered offlineAfterSeconds, or the first device
   * monitored when none was, is noticed within this time (ms).
   */
  maxSleepMs?: number;
}

/** Wakes a little after the deadline, so the row is surely past it on the database's clock. */
const SLACK_MS = 25;

/**
 * The offline sweep (docs/alarm-handling.md). One timer per process, set for the nearest deadline among
 * all online devices (never one per device); every process runs it, the conditional UPDATE
 * makes each transition happen once, and a deadline passed while no process ran is caught
 * by the first sweep after start.
 */
async function offlineSweepPlugin(app: FastifyInstance, options: OfflineSweepOptions) {
  const maxSleepMs = options.maxSleepMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const cycle = async (): Promise<number> => {
    // Read every time: /api/conf/alarm may change it from any process.
    const offlineAfter = await readOfflineAfterSeconds(app.db);
    const n = await sweepOffline(app.db, offlineAfter);
    const next = await msUntilNextOffline(app.db, offlineAfter);
    schedule(next === null ? maxSleepMs : Math.min(next + SLACK_MS, maxSleepMs));
    return n;
  };
  const runNow = (): Promise<number> => {
    running ??= cycle().finally(() => (running = undefined));
    return running;
  };
  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      runNow().catch((err: unknown) => {
        app.log.warn({ err }, 'offline sweep failed; retrying');
        schedule(maxSleepMs);
      });
    }, ms);
    timer.unref();
  }

  app.decorate('offlineSweep', { runNow });
  app.addHook('onReady', async () => schedule(0));
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running?.catch(() => 0);
  });
}

export default fp(offlineSweepPlugin, {
  name: 'offline-sweep',
  dependencies: ['db'],
  fastify: '5.x',
});
