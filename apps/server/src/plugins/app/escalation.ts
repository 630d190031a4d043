import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { EscalationSweeper } from '../../sos/escalation/sweeper.js';
import { onEventAppended } from '../../live/outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    escalation: {
      /** Sweep now (the target changed). */
      wake(): void;
      /** Resolves once the sweep under way, if any, is over. */
      settled(): Promise<void>;
      /** A sweep now, resolved once it is over (tests: a deadline they just moved). */
      sweepNow(): Promise<void>;
    };
  }
}

interface EscalationPluginOptions {
  /** Longest sleep of the sweeper (default 2 s, under the 2 s lateness allowed). */
  pollMs?: number;
}

/**
 * Escalation of unacknowledged SOS (docs/alarm-handling.md): this process's sweeper (escalation/),
 * started once the app is ready and stopped before the database closes.
 */
async function escalationPlugin(app: FastifyInstance, options: EscalationPluginOptions) {
  const sweeper = new EscalationSweeper(app.db, app.log, { pollMs: options.pollMs ?? 2000 });
  const unwake = onEventAppended(() => sweeper.onAppend());
  app.decorate('escalation', {
    wake: () => sweeper.wake(),
    settled: () => sweeper.settled(),
    sweepNow: () => sweeper.sweepNow(),
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => {
    unwake();
    await sweeper.stop();
  });
}

export default fp(escalationPlugin, { name: 'escalation', dependencies: ['db'], fastify: '5.x' });
