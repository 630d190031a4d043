import { z } from 'zod';
import { isoDateSchema } from './common.js';

/** The protocols of the alarm receivers and their transports (docs/receivers.md). */
export const RECEIVER_PROTOCOLS = ['DC09', 'SCAIP'] as const;
export const RECEIVER_TRANSPORTS = ['tcp', 'udp'] as const;

/**
 * One receiver on one transport, as GET /api/conf/receivers lists it. frames: every message
 * received since the process started; refused: those answered NAK, DUH, snu ≠ 0 or not at all.
 */
export const receiverStatusSchema = z.object({
  protocol: z.enum(RECEIVER_PROTOCOLS),
  transport: z.enum(RECEIVER_TRANSPORTS),
  /** The port it listens on; null when the protocol is off (its variable unset). */
  port: z.number().int().min(0).max(65535).nullable(),
  listening: z.boolean(),
  /** Only encrypted frames are taken (DC-09 with SOS_DC09_KEY set); SCAIP never is. */
  encrypted: z.boolean(),
  frames: z.number().int().min(0),
  refused: z.number().int().min(0),
  lastFrameAt: isoDateSchema.nullable(),
});
export type ReceiverStatus = z.infer<typeof receiverStatusSchema>;

export const receiversResponseSchema = z.array(receiverStatusSchema);
export type ReceiversResponse = z.infer<typeof receiversResponseSchema>;
