import { asc, getTableColumns, gt, sql } from 'drizzle-orm';
import type { AuditVerify } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { GENESIS_HASH } from './canonical.js';
import { hashHolds } from './item.js';

/** Records read per statement: memory stays flat whatever the log's size. */
const BATCH = 2000;

/**
 * Walks the whole chain in id order (the order it was written in: ids are drawn under the
 * chain's lock) and stops at the first record whose prevHash is not the previous record's
 * hash, or whose hash is not the one its own columns give. A record altered, inserted or
 * removed behind the trigger's back breaks one of the two there. The server writes whole
 * milliseconds, the precision the hash sees: a time with microseconds was altered.
 * `onProgress` hears the count checked after every batch.
 */
export async function verifyAudit(
  db: Tx,
  onProgress?: (checked: number) => void,
): Promise<AuditVerify> {
  let checked = 0;
  let prevHash = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        ...getTableColumns(auditLog),
        micros: sql<number>`(extract(microseconds from ${auditLog.at})::bigint % 1000)`.mapWith(
          Number,
        ),
      })
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const { micros, ...row } of rows) {
      checked += 1;
      if (row.prevHash !== prevHash || micros !== 0 || !hashHolds(row))
        return { ok: false, checked, firstBadId: row.id };
      prevHash = row.hash;
    }
    onProgress?.(checked);
    if (rows.length < BATCH) return { ok: true, checked, firstBadId: null };
    after = rows.at(-1)!.id;
  }
}
