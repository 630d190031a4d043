import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createSignalSink } from '../receivers/sink.js';
import type { SignalSink } from '../receivers/signal.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where the alarm receivers (DC-09, SCAIP) hand each decoded message; it resolves once the
     * message's effect is committed, the moment a receiver may acknowledge (receivers/sink.ts).
     */
    signalSink: SignalSink;
  }
}

async function signalSinkPlugin(app: FastifyInstance) {
  app.decorate('signalSink', createSignalSink(app.db, { heartbeat: (serial) => app.heartbeats.beat(serial) }));
}

export default fp(signalSinkPlugin, { name: 'signal-sink', dependencies: ['db', 'heartbeats'], fastify: '5.x' });
