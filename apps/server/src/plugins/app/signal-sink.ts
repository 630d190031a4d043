import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { writeHeartbeats } from '../../devices/health/heartbeat-batch.js';
import { HeartbeatCoalescer } from '../../devices/health/heartbeats.js';
import { createSignalSink } from '../../receivers/sink.js';
import type { SignalSink } from '../../receivers/signal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the alarm receivers (DC-09, SCAIP) hand each decoded message; it resolves once the
     * message's effect is committed, the moment a receiver may acknowledge (receivers/sink.ts).
     */
    signalSink: SignalSink;
  }
}

/**
 * How long a receiver's supervision message waits for its batch at most (ms). The HTTP
 * heartbeats wait up to 100 ms, which nobody sees; a receiver's answer is what a unit times
 * (the receivers bench holds it to 50 ms at p99), so its batches are written sooner: at
 * 1,667 messages a second that is still one statement for about twenty of them.
 */
const SUPERVISION_BATCH_MS = 10;

async function signalSinkPlugin(app: FastifyInstance) {
  const supervision = new HeartbeatCoalescer((beats) => writeHeartbeats(app.db, beats), {
    intervalMs: SUPERVISION_BATCH_MS,
  });
  const heartbeat = (serial: string) => supervision.record(serial);
  app.decorate(
    'signalSink',
    createSignalSink(app.db, { heartbeat, raiseNew: app.sosWrites.raiseNew }),
  );
  // The receivers stop taking messages in preClose; what they took is written before the
  // database plugin's onClose (registered first) closes the pool.
  app.addHook('onClose', () => supervision.flush());
}

export default fp(signalSinkPlugin, {
  name: 'signal-sink',
  dependencies: ['db', 'sos-writes'],
  fastify: '5.x',
});
