import { AUDIT_CSV_COLUMNS, AUDIT_CSV_LABELS } from '@sos/contract';
import { PLAIN_CSV, type CsvStyle } from '../log/csv.js';
import { canonicalJson } from './canonical.js';
import { unhashedItem, type AuditRow } from './item.js';

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

/** The header row in `style`. */
export const auditCsvHeader = (style: CsvStyle) =>
  style.line(AUDIT_CSV_COLUMNS.map((code) => style.column(code, AUDIT_CSV_LABELS)));
