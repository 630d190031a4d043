import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * Commands between server processes (every process LISTENs): end a user's streams (all of
 * them, one session's, or all but one session's), forget the cached device API key.
 */
export const CONTROL_CHANNEL = 'sos_control';

/** Which streams of a user end: every one, only one session's, or all but one session's. */
export interface StreamsToEnd {
  userId: number;
  only?: string;
  except?: string;
}

export type ControlMessage = ({ op: 'disconnect-user' } & StreamsToEnd) | { op: 'api-key-changed' };

const optionalId = (value: unknown) =>
  typeof value === 'string' && value.length <= 100 ? value : undefined;

export function parseControl(payload: string): ControlMessage | null {
  try {
    const value = JSON.parse(payload) as {
      op?: unknown;
      userId?: unknown;
      only?: unknown;
      except?: unknown;
    };
    if (value.op === 'api-key-changed') return { op: value.op };
    if (value.op !== 'disconnect-user' || !Number.isSafeInteger(value.userId)) return null;
    const only = optionalId(value.only);
    const except = optionalId(value.except);
    return {
      op: value.op,
      userId: value.userId as number,
      ...(only === undefined ? {} : { only }),
      ...(except === undefined ? {} : { except }),
    };
  } catch {
    return null;
  }
}

export async function broadcastControl(db: Tx, message: ControlMessage) {
  await db.execute(sql`SELECT pg_notify(${CONTROL_CHANNEL}, ${JSON.stringify(message)})`);
}
