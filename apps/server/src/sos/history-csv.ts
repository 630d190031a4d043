import { HISTORY_CSV_COLUMNS, type HistoryFilterQuery } from '@sos/contract';
import type { Db } from '../db/client.js';
import { historyPage, historyWhere, type HistoryRow } from './history-repository.js';
import { CSV_BOM, csvLine } from '../log/csv.js';

export const CSV_HEADER = csvLine([...HISTORY_CSV_COLUMNS]);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One history row as the CSV's columns (docs/alarm-handling.md): device by name, times ISO 8601 UTC, calls last. */
export function csvRow({ sos, device, calls }: HistoryRow): string {
  return csvLine([
    sos.id,
    device.displayName,
    sos.kind,
    iso(sos.createdAt),
    iso(sos.acknowledgedAt),
    sos.acknowledgedByUsername,
    iso(sos.escalatedAt),
    iso(sos.closedAt),
    sos.closedByUsername,
    sos.outcome,
    sos.note,
    calls,
  ]);
}

/** Rows per statement while exporting: memory stays flat whatever the history's size. */
const CSV_BATCH = 1000;

/**
 * The CSV, read page by page along the same keyset as the grid and written as it goes. The
 * first page is read before anything is sent, so a failure there (the database unreachable)
 * is still a proper error answer; a later one destroys the response (Fastify does so for a
 * stream that fails after its head): the client sees a broken download, never a short file
 * that ends cleanly (docs/hardening.md).
 */
export async function historyCsvLines(db: Db, filter: HistoryFilterQuery, tz: string): Promise<AsyncIterable<string>> {
  const first = await historyPage(db, historyWhere(filter, tz), CSV_BATCH);
  return (async function* lines() {
    yield CSV_BOM + CSV_HEADER;
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(csvRow).join('');
      if (rows.length < CSV_BATCH) return;
      rows = await historyPage(db, historyWhere(filter, tz, rows.at(-1)!.key), CSV_BATCH);
    }
  })();
}
