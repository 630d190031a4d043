import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Commands between server processes (every process LISTENs): today, end a user's streams. */
export const CONTROL_CHANNEL = 'sos_control';

export interface ControlMessage {
  op: 'disconnect-user';
  userId: number;
}

export function parseControl(payload: string): ControlMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<ControlMessage>;
    return value.op === 'disconnect-user' && Number.isSafeInteger(value.userId)
      ? { op: value.op, userId: value.userId! }
      : null;
  } catch {
    return null;
  }
}

export async function broadcastControl(db: Db, message: ControlMessage) {
  await db.execute(sql`SELECT pg_notify(${CONTROL_CHANNEL}, ${JSON.stringify(message)})`);
}
