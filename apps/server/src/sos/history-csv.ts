import { HISTORY_CSV_COLUMNS, type HistoryFilterQuery } from '@sos/contract';
import type { Db } from '../db/client.js';
import type { HistoryKey } from './history-cursor.js';
import { historyPage, historyWhere, type HistoryRow } from './history-repository.js';

/**
 * A text a spreadsheet would run as a formula when the file is opened (OWASP "CSV
 * injection"): device names come from the devices and notes from operators, so neither is
 * trusted. Such a text is written with a leading apostrophe, which spreadsheets show as
 * text; numbers and ISO times never start this way.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a field with a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]) => fields.map(csvField).join(',') + '\r\n';

/** UTF-8 byte order mark: spreadsheet programs then read Arabic and accents right. */
export const CSV_BOM = '\uFEFF';
export const CSV_HEADER = csvLine([...HISTORY_CSV_COLUMNS]);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One history row as the CSV's columns (DESIGN §6): device by name, times ISO 8601 UTC. */
export function csvRow({ sos, device }: HistoryRow): string {
  return csvLine([
    sos.id,
    device.displayName,
    iso(sos.createdAt),
    iso(sos.acknowledgedAt),
    sos.acknowledgedByUsername,
    iso(sos.escalatedAt),
    iso(sos.closedAt),
    sos.closedByUsername,
    sos.outcome,
    sos.note,
  ]);
}

/** Rows per statement while exporting: memory stays flat whatever the history's size. */
const CSV_BATCH = 1000;

/** The CSV, read page by page along the same keyset as the grid and written as it goes. */
export async function* historyCsvLines(db: Db, filter: HistoryFilterQuery, tz: string) {
  yield CSV_BOM + CSV_HEADER;
  let after: HistoryKey | undefined;
  for (;;) {
    const rows = await historyPage(db, historyWhere(filter, tz, after), CSV_BATCH);
    if (rows.length > 0) yield rows.map(csvRow).join('');
    if (rows.length < CSV_BATCH) return;
    after = rows.at(-1)!.key;
  }
}
