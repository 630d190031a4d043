import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { NO_OUTCOME_FILTER, type HistoryFilterQuery, type HistoryItem } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { devices, sos } from '../db/schema.js';
import { toSosJson } from './json.js';
import type { HistoryKey } from './history-cursor.js';
import { isoMicrosSql } from './range.js';
import { boundSql } from '../log/bounds.js';
import { callCountSql } from './call-stats.js';

/** The closed SOS a history filter selects (from/to on the raise time, docs/alarm-handling.md). */
export function historyWhere(filter: HistoryFilterQuery, tz: string, after?: HistoryKey): SQL {
  return and(
    eq(sos.state, 'CLOSED'),
    filter.from === undefined
      ? undefined
      : sql`${sos.createdAt} >= ${boundSql(filter.from, 'from', tz)}`,
    filter.to === undefined ? undefined : sql`${sos.createdAt} < ${boundSql(filter.to, 'to', tz)}`,
    filter.outcome === undefined
      ? undefined
      : filter.outcome === NO_OUTCOME_FILTER
        ? isNull(sos.outcome)
        : eq(sos.outcome, filter.outcome),
    filter.deviceId === undefined ? undefined : eq(sos.deviceId, filter.deviceId),
    filter.sosId === undefined ? undefined : eq(sos.id, filter.sosId),
    // Keyset: strictly after the previous page's last row in (closed_at DESC, id DESC) order.
    after === undefined
      ? undefined
      : sql`(${sos.closedAt}, ${sos.id}) < (${after.closedAt}::timestamptz, ${after.id})`,
  )!;
}

export interface HistoryRow {
  sos: typeof sos.$inferSelect;
  device: { id: number; displayName: string };
  key: HistoryKey;
  /** Calls logged while handling it (docs/call-out.md). */
  calls: number;
}

/** One page of the history, newest closure first (then id), with each row's keyset key. */
export async function historyPage(db: Tx, where: SQL, limit: number): Promise<HistoryRow[]> {
  const rows = await db
    .select({
      sos,
      device: { id: devices.id, displayName: devices.displayName },
      closedKey: isoMicrosSql(sql`${sos.closedAt}`).mapWith(String),
      calls: callCountSql(sql`${sos.id}`),
    })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(where)
    .orderBy(desc(sos.closedAt), desc(sos.id))
    .limit(limit);
  return rows.map((row) => ({
    sos: row.sos,
    device: row.device,
    key: { closedAt: row.closedKey, id: row.sos.id },
    calls: row.calls,
  }));
}

export async function historyTotal(db: Tx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sos).where(where);
  return row?.n ?? 0;
}

/** The SOS JSON of a page: the same mapping as getAll's, and the SOS's call count. */
export const toHistoryItems = (rows: HistoryRow[]): HistoryItem[] =>
  rows.map((row) => ({ ...toSosJson(row.sos, row.device), calls: row.calls }));
