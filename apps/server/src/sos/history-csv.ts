import { HISTORY_CSV_COLUMNS, HISTORY_CSV_LABELS } from '@sos/contract';
import { PLAIN_CSV, type CsvStyle } from '../log/csv.js';
import type { HistoryRow } from './history-repository.js';

/**
 * One history row as the CSV's columns (docs/alarm-handling.md): device by name, calls last;
 * times ISO 8601 UTC and codes in the plain CSV, as `style` says for a spreadsheet.
 */
export function csvRow({ sos, device, calls }: HistoryRow, style: CsvStyle = PLAIN_CSV): string {
  return style.line([
    sos.id,
    device.displayName,
    style.kind(sos.kind),
    style.time(sos.createdAt),
    style.time(sos.acknowledgedAt),
    sos.acknowledgedByUsername,
    style.time(sos.escalatedAt),
    style.time(sos.closedAt),
    sos.closedByUsername,
    style.outcome(sos.outcome),
    sos.note,
    calls,
  ]);
}

/** The header row in `style`. */
export const csvHeader = (style: CsvStyle) =>
  style.line(HISTORY_CSV_COLUMNS.map((code) => style.column(code, HISTORY_CSV_LABELS)));
