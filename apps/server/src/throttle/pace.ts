import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** One answer a second to a paced address (docs/security.md). */
const PACE_MS = 1000;
/** Beyond this many seconds of queue, further calls are refused at once rather than held. */
export const MAX_QUEUE_S = 60;

/**
 * Books the next answer slot of a paced address, shared by every server process: each
 * call gets the slot one second after the previous one (or one second from now), so the
 * address is answered one at a time, about once a second. Answers the ms to wait, or null
 * when the queue is already MAX_QUEUE_S long (no slot booked).
 */
async function bookPaceSlot(db: Tx, kind: string, address: string): Promise<number | null> {
  const step = sql`make_interval(secs => ${PACE_MS / 1000})`;
  const result = await db.execute(sql`
    INSERT INTO throttle_paces AS p (kind, address, next_at) VALUES (${kind}, ${address}, now() + ${step})
    ON CONFLICT (kind, address) DO UPDATE SET next_at = greatest(p.next_at, now()) + ${step}
      WHERE p.next_at < now() + make_interval(secs => ${MAX_QUEUE_S})
    RETURNING extract(epoch from (next_at - now())) * 1000 AS wait`);
  const row = rowsOf<{ wait: unknown }>(result)[0];
  return row ? Math.max(0, Number(row.wait)) : null;
}

export async function prunePaces(db: Tx): Promise<void> {
  await db.execute(sql`DELETE FROM throttle_paces WHERE next_at < now() - interval '1 minute'`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the address's next paced slot (bookPaceSlot); false, at once, when its queue is full. */
export async function waitForPaceSlot(db: Tx, kind: string, address: string): Promise<boolean> {
  const waitMs = await bookPaceSlot(db, kind, address);
  if (waitMs === null) return false;
  await sleep(waitMs);
  return true;
}
