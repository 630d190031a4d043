import type { Summary } from './stats.js';

/** IPC messages of the fleet bench's heartbeat generator (fleet-heartbeats.ts). */
export interface HeartbeatCommand {
  type: 'run';
  url: string;
  apiKey: string;
  /** Devices 1..devices (serialOf) beat in turn, so each beats every devices / rate seconds. */
  devices: number;
  /** Heartbeats per second, sent on schedule whatever the answers (an open loop). */
  rate: number;
  /** Wall clock (ms) of the first heartbeat; those sent in [start+warmup, start+warmup+duration) count. */
  startAt: number;
  warmupMs: number;
  durationMs: number;
}

export interface HeartbeatReport {
  type: 'done';
  sent: number;
  answered204: number;
  errors: number;
  errorSamples: string[];
  /** Scheduled send → answer, ms (a late send counts its wait: no coordinated omission). */
  latencyMs: Summary;
  /** Scheduled send → actual send, ms: the generator's own lateness (a starved generator). */
  sendLagMs: Summary;
}

export const isHeartbeatReport = (message: unknown): message is HeartbeatReport =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'done';
