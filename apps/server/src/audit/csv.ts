import { AUDIT_CSV_COLUMNS, type AuditFilterQuery } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { CSV_BOM, csvLine } from '../log/csv.js';
import { auditPage, auditWhere } from './queries.js';
import { canonicalJson } from './canonical.js';
import { unhashedItem, type AuditRow } from './item.js';

/** Rows per statement while exporting: memory stays flat whatever the log's size. */
const CSV_BATCH = 1000;

const HEADER = csvLine([...AUDIT_CSV_COLUMNS]);

/** One record as the CSV's columns: RFC 4180 and formula-safe as the history's, details as compact (canonical) JSON. */
export function auditCsvRow(row: AuditRow): string {
  const item = unhashedItem(row);
  return csvLine([
    item.id,
    item.at,
    item.actor?.username ?? null,
    item.address,
    item.action,
    item.target?.type ?? null,
    item.target ? String(item.target.id) : null,
    item.target?.label ?? null,
    item.details === null ? null : canonicalJson(item.details),
  ]);
}

/** The whole export, newest first as the grid shows it, read batch by batch along the ids. */
export async function* auditCsvLines(db: Tx, filter: AuditFilterQuery, tz: string) {
  yield CSV_BOM + HEADER;
  let before: number | undefined;
  for (;;) {
    const rows = await auditPage(db, auditWhere(filter, tz, before), CSV_BATCH);
    if (rows.length > 0) yield rows.map(auditCsvRow).join('');
    if (rows.length < CSV_BATCH) return;
    before = rows.at(-1)!.id;
  }
}
