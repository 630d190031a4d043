import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';

/**
 * Commands between server processes (every process LISTENs): end a user's streams, forget
 * the cached device API key.
 */
export const CONTROL_CHANNEL = 'sos_control';

export type ControlMessage = { op: 'disconnect-user'; userId: number } | { op: 'api-key-changed' };

export function parseControl(payload: string): ControlMessage | null {
  try {
    const value = JSON.parse(payload) as { op?: unknown; userId?: unknown };
    if (value.op === 'api-key-changed') return { op: value.op };
    return value.op === 'disconnect-user' && Number.isSafeInteger(value.userId)
      ? { op: value.op, userId: value.userId as number }
      : null;
  } catch {
    return null;
  }
}

export async function broadcastControl(db: Tx, message: ControlMessage) {
  await db.execute(sql`SELECT pg_notify(${CONTROL_CHANNEL}, ${JSON.stringify(message)})`);
}
