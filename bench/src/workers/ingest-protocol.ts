/** IPC messages of the ingest bench's load generators (ingest-devices.ts, ingest-floor.ts). */
export interface IngestWindow {
  /** Wall clock (ms) when every loop starts; cycles ending in [start+warmup, start+warmup+duration) count. */
  startAt: number;
  warmupMs: number;
  durationMs: number;
}

export type DevicesCommand = IngestWindow & {
  type: 'run';
  url: string;
  apiKey: string;
  token: string;
  serials: string[];
};

/**
 * batched: the floor — the server's own batched raise and close statements, coalesced by
 * its own Batcher, each close batch with its audit records (SOS_CLOSED) as the server writes
 * them, sent straight through pg (ingest-batched.ts); batched-no-audit: the same without the
 * audit records (diagnosis: what the audit chain costs); bare: one INSERT and one
 * UPDATE per cycle, unbatched (context: what batching is worth); transactions: every
 * statement of the server's two transactions, one cycle at a time; the last two drop, for
 * diagnosis, the outbox's advisory lock, then also its NOTIFY (both serialize commits).
 */
export type FloorMode =
  'batched' | 'batched-no-audit' | 'bare' | 'transactions' | 'no-order-lock' | 'notify-each';

export type FloorCommand = IngestWindow & {
  type: 'run';
  databaseUrl: string;
  mode: FloorMode;
  devices: number;
  poolSize: number;
  closer: { id: number; username: string };
};

export interface IngestReport {
  type: 'done';
  cycles: number;
  errors: number;
  errorSamples: string[];
  /** Cycle durations (raise + close) of the counted cycles, ms. */
  cycleMs: number[];
}

export const isDone = (message: unknown): message is IngestReport =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'done';
