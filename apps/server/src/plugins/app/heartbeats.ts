import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { writeHeartbeats } from '../../devices/health/heartbeat-batch.js';
import {
  HeartbeatCoalescer,
  type HeartbeatCoalescerOptions,
} from '../../devices/health/heartbeats.js';
import { refuseContact } from '../../devices/contact.js';

declare module 'fastify' {
  interface FastifyInstance {
    heartbeats: {
      /**
       * Records a heartbeat in the next batch and resolves once it is written; throws 404 for
       * an unknown serial and 403 for a deleted device, as one UPDATE per heartbeat did.
       */
      record(serial: string, battery?: number): Promise<void>;
      /** Statements written so far by this process. */
      readonly batches: number;
    };
  }
}

export type HeartbeatsOptions = HeartbeatCoalescerOptions;

/**
 * Coalesced heartbeats (devices/health/heartbeats.ts); the pending batch is written on close. A
 * heartbeat writes no live event but the offline → online transition: thousands of devices
 * beating would flood every console; lastSeenAt and batteryPct come with the device list.
 */
async function heartbeatsPlugin(app: FastifyInstance, options: HeartbeatsOptions) {
  const coalescer = new HeartbeatCoalescer((beats) => writeHeartbeats(app.db, beats), options);
  app.decorate('heartbeats', {
    async record(serial: string, battery?: number) {
      if (!(await coalescer.record(serial, battery))) await refuseContact(app.db, serial);
    },
    get batches() {
      return coalescer.batches;
    },
  });
  // preClose answers the waiting requests before the server stops; onClose (before the
  // database plugin's, which was registered first) writes any that came in since.
  app.addHook('preClose', () => coalescer.flush());
  app.addHook('onClose', () => coalescer.flush());
}

export default fp(heartbeatsPlugin, { name: 'heartbeats', dependencies: ['db'], fastify: '5.x' });
