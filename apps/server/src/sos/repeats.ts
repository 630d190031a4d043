import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** How long a receiver's message counts as seen (docs/receivers.md, "Repeats, across processes"). */
const REPEAT_WINDOW_S = 600;
/** Expired keys deleted by each claim: more than arrive, so the table stays small. */
const PRUNE_BATCH = 20;

const expired = (at: SQL) => sql`${at} < now() - make_interval(secs => ${REPEAT_WINDOW_S})`;

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
    ON CONFLICT (serial, repeat_key) DO UPDATE SET at = now() WHERE ${expired(sql`device_repeats.at`)}
    RETURNING 1 AS claimed`);
  if (rowsOf(result).length === 0) return false;
  await tx.execute(sql`WITH ${pruneCte(sql`VALUES (${serial}, ${repeatKey})`)} SELECT 1`);
  return true;
}

/** Whether the key (two SQL expressions) was claimed within the window: a repeat. */
export const isRepeatSql = (serial: SQL, repeatKey: SQL) => sql`EXISTS (
  SELECT 1 FROM device_repeats r WHERE r.serial = ${serial} AND r.repeat_key = ${repeatKey}
    AND NOT ${expired(sql`r.at`)})`;

/**
 * The claim as CTEs of a statement that applies the messages itself (sos/raise.ts): `claims`
 * is a query of the (serial, repeat_key) pairs whose effect the statement wrote. It stays
 * one effect per key: the statement wrote its effect only where isRepeatSql saw no claim, and a
 * concurrent process applying the same message either holds the device's row (this statement
 * waits, then finds the SOS it raised and writes nothing) or waits on this claim's row.
 */
export const claimCtes = (claims: SQL) => sql`
  claimed AS (
    INSERT INTO device_repeats (serial, repeat_key) ${claims}
    ON CONFLICT (serial, repeat_key) DO UPDATE SET at = now() WHERE ${expired(sql`device_repeats.at`)}
  ),
  ${pruneCte(claims)}`;

/**
 * Deletes a few expired keys, keeping the table to about one window of messages. SKIP LOCKED:
 * never waits for another process doing the same. `claiming` (the keys this statement claims)
 * are spared: one statement must not both refresh and delete a row.
 */
function pruneCte(claiming: SQL): SQL {
  return sql`pruned AS (
    DELETE FROM device_repeats r USING (
      SELECT o.serial, o.repeat_key FROM device_repeats o
      WHERE ${expired(sql`o.at`)} AND (o.serial, o.repeat_key) NOT IN (${claiming})
      LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED
    ) old WHERE r.serial = old.serial AND r.repeat_key = old.repeat_key
  )`;
}
