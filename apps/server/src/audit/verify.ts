import { asc, gt } from 'drizzle-orm';
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
 * hash, or whose hash is not the one its own contents give. A record altered, inserted or
 * removed behind the trigger's back breaks one of the two there. `onProgress` hears the
 * count checked after every batch.
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
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, after))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const row of rows) {
      checked += 1;
      if (row.prevHash !== prevHash || !hashHolds(row))
        return { ok: false, checked, firstBadId: row.id };
      prevHash = row.hash;
    }
    onProgress?.(checked);
    if (rows.length < BATCH) return { ok: true, checked, firstBadId: null };
    after = rows.at(-1)!.id;
  }
}
