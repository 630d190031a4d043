import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ExpectationEngine } from '../../expectations/engine.js';

declare module 'fastify' {
  interface FastifyInstance {
    expectations: {
      /** The zone check-in windows are in (TZ). */
      readonly zone: string;
      /** Sweep now (an expectation was scheduled here). */
      wake(): void;
      /** Resolves once the sweep under way, if any, is over. */
      settled(): Promise<void>;
      /** Handles what is due now and resolves when that and this process's timer sweep are done (tests). */
      sweepNow(): Promise<void>;
    };
  }
}

export interface ExpectationsPluginOptions {
  zone: string;
  /** Longest sleep of the engine (default 2 s). */
  pollMs?: number;
}

/**
 * Expected events (docs/expected-events.md): this process's engine (expectations/engine.ts),
 * started once the app is ready and stopped before the database closes.
 */
async function expectationsPlugin(app: FastifyInstance, options: ExpectationsPluginOptions) {
  const engine = new ExpectationEngine(app.db, app.log, {
    zone: options.zone,
    pollMs: options.pollMs ?? 2000,
  });
  app.decorate('expectations', {
    zone: options.zone,
    wake: () => engine.wake(),
    settled: () => engine.settled(),
    // Around the sweep, the timer's own: a row it holds is skipped here, then waited for.
    sweepNow: async () => {
      await engine.settled();
      await engine.sweep();
      await engine.settled();
    },
  });
  app.addHook('onReady', async () => engine.start());
  app.addHook('preClose', async () => engine.stop());
}

export default fp(expectationsPlugin, {
  name: 'expectations',
  dependencies: ['db'],
  fastify: '5.x',
});
