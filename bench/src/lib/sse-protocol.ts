/** IPC messages between a bench and its live-stream load generators (sse-clients.ts). */
export type FleetCommand =
  | { type: 'ping'; seq: number }
  | {
      type: 'open';
      url: string;
      headers: Record<string, string>;
      count: number;
      concurrency: number;
      /** Event names, comma-separated: the first one's key is the SOS id, the second's -id. */
      event: string;
    }
  | { type: 'collect'; key: number }
  | { type: 'status' }
  | { type: 'close' };

export type FleetReport =
  | { type: 'pong'; seq: number; now: number }
  | { type: 'opened'; ok: number; failed: number; errors: string[]; ms: number; rss: number }
  | { type: 'event'; key: number; times: number[]; missing: number }
  | { type: 'status'; alive: number; lost: number; rss: number };

export const isReport =
  <K extends FleetReport['type']>(type: K) =>
  (message: unknown): message is Extract<FleetReport, { type: K }> =>
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === type;
