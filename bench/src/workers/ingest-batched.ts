/**
 * The ingest bench's real floor: the very statements the server sends for a raise + close
 * cycle — its batched raise (`INSERT … SELECT FROM unnest`, one statement and one commit per
 * batch) and its batched close, coalesced by the server's own Batcher with the same batch
 * sizes, on a pg pool of the server's size, each close batch in its transaction with its audit
 * records under the chain's lock (sos/close.ts closeAndRecord) — sent straight from this
 * process. What it leaves
 * out is only what lies between a device and those statements: HTTP, JSON validation, the
 * API key and bearer checks, Fastify. So "product / floor" says how much of the database's
 * best rate for the same work the whole server keeps.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  Batcher,
  closeAndRecord,
  closeOpenSos,
  openPostgres,
  raiseNewSos,
  rowsOf,
  type NewSosRaise,
  type SosClose,
} from '@sos/server/testing';
import type { Sos } from '@sos/contract';
import { runCycles } from './ingest-loop.js';
import type { FloorCommand, IngestReport } from './ingest-protocol.js';

const NO_LOCATION = { locationLat: null, locationLon: null, locationAccuracyM: null };

export async function runBatchedFloor(command: FloorCommand): Promise<IngestReport> {
  const database = await openPostgres(command.databaseUrl, command.poolSize);
  try {
    const result = await database.db.execute(
      sql`SELECT serial FROM devices WHERE serial LIKE 'BENCH-%' ORDER BY id LIMIT ${command.devices}`,
    );
    const rows = rowsOf<{ serial: string }>(result);
    if (rows.length < command.devices)
      throw new Error(`only ${rows.length} bench devices in the database`);
    // The server's batchers, with its defaults (plugins/app/sos-writes.ts).
    const raises = new Batcher<NewSosRaise, Sos | null>(
      (items) => raiseNewSos(database.db, items),
      (r) => r.serial,
    );
    // The product records each close made by a signed-in user (SOS_CLOSED); so does the floor,
    // unless it is the diagnosis that leaves the audit out.
    const audited = command.mode === 'batched';
    const closes = new Batcher<SosClose, Sos | undefined>(
      (items) => (audited ? closeAndRecord(database.db, items) : closeOpenSos(database.db, items)),
      (c) => c.id,
    );
    const closer = command.closer;
    const by = { actor: closer, address: '127.0.0.1' };
    return await runCycles(command, command.devices, async (index) => {
      const serial = rows[index]!.serial;
      const raised = await raises.run({ serial, idempotencyKey: randomUUID(), at: NO_LOCATION });
      if (!raised) throw new Error(`no SOS raised for ${serial}`);
      const closed = await closes.run({ id: raised.id, closer, closing: {}, by });
      if (!closed) throw new Error(`SOS ${raised.id} was not closed`);
    });
  } finally {
    await database.close();
  }
}
