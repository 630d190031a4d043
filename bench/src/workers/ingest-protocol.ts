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
 * bare: one INSERT and one UPDATE per cycle (the floor); transactions: every statement the
 * server's two transactions send; the last two drop, for diagnosis, the outbox's advisory
 * lock, then also its NOTIFY (both serialize commits).
 */
export type FloorMode = 'bare' | 'transactions' | 'no-order-lock' | 'notify-each';

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

export const isReady = (message: unknown): message is { type: 'ready' } =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'ready';
