import { AUDIT_CSV_COLUMNS, AUDIT_CSV_LABELS, type AuditFilterQuery } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { CSV_BOM, PLAIN_CSV, type CsvStyle } from '../log/csv.js';
import { auditPage, auditWhere } from './queries.js';
import { canonicalJson } from './canonical.js';
import { unhashedItem, type AuditRow } from './item.js';

/** Rows per statement while exporting: memory stays flat whatever the log's size. */
const CSV_BATCH = 1000;

/**
 * One record as the CSV's columns: RFC 4180 and formula-safe as the history's, details as
 * compact (canonical) JSON; time, action and target type as `style` writes them.
 */
export function auditCsvRow(row: AuditRow, style: CsvStyle = PLAIN_CSV): string {
  const item = unhashedItem(row);
  return style.line([
    item.id,
    style.time(row.at),
    item.actor?.username ?? null,
    item.address,
    style.action(item.action),
    style.target(item.target?.type ?? null),
    item.target ? String(item.target.id) : null,
    item.target?.label ?? null,
    item.details === null ? null : canonicalJson(item.details),
  ]);
}

/** The whole export, newest first as the grid shows it, read batch by batch along the ids. */
export async function* auditCsvLines(
  db: Tx,
  filter: AuditFilterQuery,
  tz: string,
  style: CsvStyle = PLAIN_CSV,
) {
  yield CSV_BOM + style.line(AUDIT_CSV_COLUMNS.map((code) => style.column(code, AUDIT_CSV_LABELS)));
  let before: number | undefined;
  for (;;) {
    const rows = await auditPage(db, auditWhere(filter, tz, before), CSV_BATCH);
    if (rows.length > 0) yield rows.map((row) => auditCsvRow(row, style)).join('');
    if (rows.length < CSV_BATCH) return;
    before = rows.at(-1)!.id;
  }
}
