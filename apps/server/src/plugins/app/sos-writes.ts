import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Sos } from '@sos/contract';
import { Batcher, type BatcherOptions } from '../../lib/batcher.js';
import { closeAndRecord, type Closer, type Closing, type SosClose } from '../../sos/close.js';
import { raiseNewSos, type NewSosRaise } from '../../sos/raise.js';
import type { AuditBy } from '../../audit/by.js';
import { outcomeRequired } from '../../conf/alarm-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hot SOS writes, batched (lib/batcher.ts): each answers as a batch of one would. */
    sosWrites: {
      /** raiseNewSos (sos/raise.ts): the new SOS, or null when it created none. */
      // Properties, not methods: they are passed on unbound (receivers' sink, the device and SOS routes).
      raiseNew: (raise: NewSosRaise) => Promise<Sos | null>;
      /** closeAndRecord of one SOS id (sos/close.ts): the SOS it closed, or undefined. */
      closeOpen: (
        id: number,
        closer: Closer,
        closing: Closing,
        by: AuditBy,
      ) => Promise<Sos | undefined>;
      /**
       * Whether closing needs an outcome now (outcomeRequired, conf/alarm-repository.ts): read
       * after the call, once for the closes that arrive together, so a change still applies at once.
       */
      outcomeRequired: () => Promise<boolean>;
      /** Batch statements written so far by this process (tests, benches). */
      readonly batches: number;
    };
  }
}

type SosWritesOptions = BatcherOptions;

/**
 * Raises and closes coalesced into one statement and one commit per batch: one commit per
 * request capped the ingest rate (bench ingest). Each request is still answered only once
 * its own SOS row and event are committed; a failed batch is retried request by request.
 */
async function sosWritesPlugin(app: FastifyInstance, options: SosWritesOptions) {
  const raises = new Batcher<NewSosRaise, Sos | null>(
    (items) => raiseNewSos(app.db, items),
    (r) => r.serial,
    options,
  );
  const closes = new Batcher<SosClose, Sos | undefined>(
    (items) => closeAndRecord(app.db, items),
    (c) => c.id,
    options,
  );
  // A read per close was one more round trip per close (bench ingest); each call is its own key.
  const policy = new Batcher<object, boolean>(
    async (calls) => {
      const required = await outcomeRequired(app.db);
      return calls.map(() => required);
    },
    (call) => call,
  );
  app.decorate('sosWrites', {
    raiseNew: (raise) => raises.run(raise),
    closeOpen: (id, closer, closing, by) => closes.run({ id, closer, closing, by }),
    outcomeRequired: () => policy.run({}),
    get batches() {
      return raises.batches + closes.batches;
    },
  });
  // The waiting requests are answered before the database closes (its plugin was registered first).
  app.addHook('onClose', () =>
    Promise.all([raises.drain(), closes.drain(), policy.drain()]).then(() => undefined),
  );
}

export default fp(sosWritesPlugin, { name: 'sos-writes', dependencies: ['db'], fastify: '5.x' });
