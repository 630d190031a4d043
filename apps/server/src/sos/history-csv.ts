import { HISTORY_CSV_COLUMNS, HISTORY_CSV_LABELS, type HistoryFilterQuery } from '@sos/contract';
import { CSV_BOM, csvLine, PLAIN_CSV, type CsvStyle } from '../log/csv.js';
import type { Db } from '../db/client.js';
import { historyPage, historyWhere, type HistoryRow } from './history-repository.js';

export const CSV_HEADER = csvLine([...HISTORY_CSV_COLUMNS]);

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

/** Rows per statement while exporting: memory stays flat whatever the history's size. */
const CSV_BATCH = 1000;

/**
 * The CSV, read page by page along the same keyset as the grid and written as it goes. The
 * first page is read before anything is sent, so a failure there (the database unreachable)
 * is still a proper error answer; a later one destroys the response (Fastify does so for a
 * stream that fails after its head): the client sees a broken download, never a short file
 * that ends cleanly (docs/hardening.md).
 */
export async function historyCsvLines(
  db: Db,
  filter: HistoryFilterQuery,
  tz: string,
  style: CsvStyle = PLAIN_CSV,
): Promise<AsyncIterable<string>> {
  const first = await historyPage(db, historyWhere(filter, tz), CSV_BATCH);
  return (async function* lines() {
    yield CSV_BOM + csvHeader(style);
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map((row) => csvRow(row, style)).join('');
      if (rows.length < CSV_BATCH) return;
      rows = await historyPage(db, historyWhere(filter, tz, rows.at(-1)!.key), CSV_BATCH);
    }
  })();
}
