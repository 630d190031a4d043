import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../live/outbox.js';

/** How long a receiver's message counts as seen (docs/alarm-kinds.md, "Repeats"). */
export const REPEAT_WINDOW_S = 600;
/** Expired keys deleted by each message: more than arrive, so the table stays small. */
const PRUNE_BATCH = 20;

/**
 * Claims a message (a device's serial and what makes its repeats) as the first write of the
 * transaction that applies it. Answers false for a repeat: the key was committed within the
 * window. Two processes claiming the same key at once: the second waits on the first's
 * uncommitted row (the primary key) and sees it once committed (a repeat), or claims it if the
 * first rolled back, so a message has one effect whichever process receives it, however often.
 */
export async function claimMessage(tx: Tx, serial: string, repeatKey: string): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO device_repeats (serial, repeat_key) VALUES (${serial}, ${repeatKey})
    ON CONFLICT (serial, repeat_key) DO UPDATE SET at = now()
      WHERE device_repeats.at < now() - make_interval(secs => ${REPEAT_WINDOW_S})
    RETURNING 1 AS claimed`);
  if (rowsOf(result).length === 0) return false;
  // Keeps the table to about one window of messages. SKIP LOCKED: never waits for another
  // process doing the same, nor for a key being claimed again.
  await tx.execute(sql`
    DELETE FROM device_repeats r USING (
      SELECT serial, repeat_key FROM device_repeats
      WHERE at < now() - make_interval(secs => ${REPEAT_WINDOW_S})
      LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED
    ) old WHERE r.serial = old.serial AND r.repeat_key = old.repeat_key`);
  return true;
}
