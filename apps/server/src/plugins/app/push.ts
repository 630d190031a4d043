import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { onEventAppended } from '../../live/outbox.js';
import { PushDispatcher, type DispatcherOptions } from '../../push/dispatcher.js';
import { ensurePushCursor } from '../../push/fan-out.js';
import { ensureVapidKeys, type VapidKeys } from '../../push/keys.js';
import { sendPush } from '../../push/send.js';

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      /** The server's VAPID key pair (push/keys.ts). */
      keys: VapidKeys;
      /** Whether http: endpoints on loopback are accepted (SOS_PUSH_ALLOW_HTTP, tests only). */
      allowHttp: boolean;
      /** Resolves once the pass under way and the pushes in flight are over (tests). */
      settled(): Promise<void>;
      /** A subscription was stored: this process's appends wake the fan-out again. */
      subscribed(): void;
    };
  }
}

interface PushPluginOptions extends Partial<DispatcherOptions> {
  subject: string;
  allowHttp: boolean;
}

/**
 * Web Push (docs/push.md): the VAPID keys, read or generated when the app starts, and this
 * process's dispatcher, started once the app is ready and stopped before the database closes.
 */
async function pushPlugin(app: FastifyInstance, options: PushPluginOptions) {
  const keys = await ensureVapidKeys(app.db);
  await ensurePushCursor(app.db);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const dispatcher = new PushDispatcher(
    app.db,
    app.log,
    (delivery, signal) =>
      sendPush(delivery, { vapid: keys, subject: options.subject, timeoutMs, signal }),
    { pollMs: options.pollMs ?? 1000, concurrency: options.concurrency ?? 8, timeoutMs },
  );
  const unwake = onEventAppended(() => dispatcher.onAppend());
  app.decorate('push', {
    keys,
    allowHttp: options.allowHttp,
    settled: () => dispatcher.settled(),
    subscribed: () => dispatcher.onSubscribed(),
  });
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('preClose', async () => {
    unwake();
    await dispatcher.stop();
  });
}

export default fp(pushPlugin, { name: 'push', dependencies: ['db'], fastify: '5.x' });
