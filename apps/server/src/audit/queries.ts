import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilterQuery } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { boundSql } from '../log/bounds.js';
import type { AuditRow } from './item.js';

/**
 * The filters of the log and its CSV: `from`/`to` on the record's time (an instant, or a
 * day in `tz` as the history reads them; [from, to)), the actor's username whatever its
 * case, the action; `beforeId` continues after a page (newest first).
 */
export function auditWhere(
  filter: AuditFilterQuery,
  tz: string,
  beforeId?: number,
): SQL | undefined {
  return and(
    filter.from === undefined
      ? undefined
      : sql`${auditLog.at} >= ${boundSql(filter.from, 'from', tz)}`,
    filter.to === undefined ? undefined : sql`${auditLog.at} < ${boundSql(filter.to, 'to', tz)}`,
    filter.actor === undefined
      ? undefined
      : sql`lower(${auditLog.actorUsername}) = lower(${filter.actor})`,
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    beforeId === undefined ? undefined : lt(auditLog.id, beforeId),
  );
}

/** Newest first: by id, the order the chain was written in. */
export function auditPage(db: Tx, where: SQL | undefined, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(limit);
}

export async function auditTotal(db: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(where);
  return row?.n ?? 0;
}
