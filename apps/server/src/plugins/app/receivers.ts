import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { createDc09Protocol } from '../../receivers/dc09/protocol.js';
import { createScaipProtocol } from '../../receivers/scaip/protocol.js';
import { Receivers } from '../../receivers/receivers.js';
import { heartbeatIntervalOf } from '../../expectations/supervision.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm receivers of this process (DC-09, SCAIP) and their status. */
    receivers: Receivers;
  }
}

export interface ReceiversPluginOptions {
  /** HOST: the receivers listen on the same address as the HTTP server. */
  host: string;
  /** SOS_DC09_PORT; unset: DC-09 off. */
  dc09Port?: number | undefined;
  /** SOS_DC09_KEY in hex; unset: plain frames only. */
  dc09Key?: string | undefined;
  /** SOS_SCAIP_PORT; unset: SCAIP off. */
  scaipPort?: number | undefined;
  /** Voice is on (docs/voice.md): SCAIP alarms are answered `mre` 1 (or call-back). */
  voice?: boolean | undefined;
  /** The receivers' clock (tests pinning the DC-09 timestamp window); default the system's. */
  now?: () => Date;
}

/**
 * Starts the configured receivers once the app is ready (the sink and the database are
 * there) and stops them first on close, so no frame is taken in that could not be committed.
 * Each frame is counted in sos_receiver_frames_total{protocol,transport,result}.
 */
async function receiversPlugin(app: FastifyInstance, options: ReceiversPluginOptions) {
  const frames = new Counter({
    name: 'sos_receiver_frames_total',
    help: 'Alarm receiver messages by protocol, transport and result (accepted, refused)',
    labelNames: ['protocol', 'transport', 'result'] as const,
    registers: [app.metrics],
  });
  const key = options.dc09Key ? Buffer.from(options.dc09Key, 'hex') : null;
  const receivers = new Receivers({
    host: options.host,
    configs: [
      {
        protocol: 'DC09',
        port: options.dc09Port,
        encrypted: key !== null,
        create: () =>
          createDc09Protocol({
            key,
            sink: app.signalSink,
            log: app.log,
            ...(options.now ? { now: options.now } : {}),
          }),
      },
      {
        protocol: 'SCAIP',
        port: options.scaipPort,
        create: () =>
          createScaipProtocol(app.signalSink, {
            voice: options.voice === true,
            // A failure other than the database being unreachable: a bug, answered 503.
            onSinkError: (err) =>
              app.log.error(
                { protocol: 'SCAIP', err },
                'SCAIP message: unexpected failure, answered 503',
              ),
            heartbeatInterval: (serial) => heartbeatIntervalOf(app.db, serial),
          }),
      },
    ],
    onFrame: (protocol, transport, result) => frames.inc({ protocol, transport, result }),
    log: app.log,
  });
  app.decorate('receivers', receivers);
  app.addHook('onReady', () => receivers.start());
  app.addHook('preClose', () => receivers.stop());
}

export default fp(receiversPlugin, {
  name: 'receivers',
  dependencies: ['metrics', 'signal-sink'],
  fastify: '5.x',
});
