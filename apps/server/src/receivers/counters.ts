/**
 * What a receiver transport counts (GET /api/conf/receivers, /metrics): every message
 * received, those refused (answered NAK, DUH, snu ≠ 0, or not at all) and when the last one
 * arrived. Kept in memory per process: a status, not a ledger.
 */
export interface TransportCounters {
  frames: number;
  refused: number;
  lastFrameAt: Date | null;
}

export type TransportName = 'tcp' | 'udp';

/** The `result` label of sos_receiver_frames_total. */
type FrameResult = 'accepted' | 'refused';

/** Called once per message, after its answer (or its silence) is decided. */
export type FrameListener = (transport: TransportName, result: FrameResult) => void;

export function emptyCounters(): TransportCounters {
  return { frames: 0, refused: 0, lastFrameAt: null };
}

export function countFrame(counters: TransportCounters, refused: boolean, at = new Date()): void {
  counters.frames += 1;
  if (refused) counters.refused += 1;
  counters.lastFrameAt = at;
}
