import type { Summary } from './stats.js';

/**
 * The receivers bench's supervision generator (receivers-load.ts) and how the bench names
 * the accounts both sides use: account i (1-based) is DC-09 account `DC09_ACCOUNT(i)`
 * (serial `DC09-0-<account>`) and SCAIP unit `SCAIP_CID(i)` (serial `SCAIP-<cid>`).
 */
export const dc09Account = (i: number) => i.toString(16).toUpperCase().padStart(6, '0');
export const scaipCid = (i: number) => `BENCH${String(i).padStart(6, '0')}`;

export interface SupervisionCommand {
  type: 'run';
  protocol: 'DC09' | 'SCAIP';
  host: string;
  port: number;
  /** DC-09 AES key in hex (frames encrypted); null: plain. */
  key: string | null;
  /** Accounts 1..accounts, each in turn: each one reports every accounts / rate seconds. */
  accounts: number;
  /** Messages per second on schedule whatever the answers (an open loop). */
  rate: number;
  /** DC-09: this many TCP connections carry half the frames, UDP the other half. SCAIP: UDP only. */
  tcpConnections: number;
  udpSockets: number;
  startAt: number;
  warmupMs: number;
  durationMs: number;
}

export interface SupervisionReport {
  type: 'done';
  sent: number;
  /** ACK (DC-09) or 200 with snu 0 (SCAIP). */
  accepted: number;
  /** Any other answer (NAK, DUH, another status or snu). */
  refused: number;
  /** No answer within the timeout: lost. */
  unanswered: number;
  samples: string[];
  /** Per transport: its counts and its own scheduled send → answer (a TCP line waits its turn). */
  byTransport: Record<string, { sent: number; accepted: number; latencyMs?: Summary }>;
  /** Scheduled send → answer, ms (a late send counts its wait). */
  latencyMs: Summary;
  /** Scheduled send → actual send, ms: the generator's own lateness. */
  sendLagMs: Summary;
}

export const isSupervisionReport = (message: unknown): message is SupervisionReport =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'done';
