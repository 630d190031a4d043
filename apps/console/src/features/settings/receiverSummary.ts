import type { RECEIVER_PROTOCOLS } from '@sos/contract';
import { type ReceiversResponse } from '@sos/contract';

export type Protocol = (typeof RECEIVER_PROTOCOLS)[number];

/** One protocol over its two transports, as the settings show it. */
export interface ReceiverSummary {
  /** The port it listens on; null: off. */
  port: number | null;
  encrypted: boolean;
  frames: number;
  refused: number;
  /** The latest frame on either transport, ISO; null: none since the start. */
  lastFrameAt: string | null;
}

/** A protocol listens on one port for TCP and UDP: on when either listens; counts summed. */
export function summarize(receivers: ReceiversResponse, protocol: Protocol): ReceiverSummary {
  const entries = receivers.filter((r) => r.protocol === protocol);
  const listening = entries.find((r) => r.listening && r.port !== null);
  const last = entries
    .map((r) => r.lastFrameAt)
    .filter((at): at is string => at !== null)
    .sort((a, b) => Date.parse(b) - Date.parse(a))[0];
  return {
    port: listening?.port ?? null,
    encrypted: entries.some((r) => r.encrypted),
    frames: entries.reduce((sum, r) => sum + r.frames, 0),
    refused: entries.reduce((sum, r) => sum + r.refused, 0),
    lastFrameAt: last ?? null,
  };
}
