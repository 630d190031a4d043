import type { Tx } from '../db/client.js';
import { CSV_BOM, type CsvStyle } from './csv.js';

/**
 * A log read along a keyset, in one fixed order: the SOS history, the audit log, and any
 * log to come. Each says how it reads a batch after a key, counts, turns rows into items,
 * writes its CSV and spells its cursor; paging and the export are written once, below.
 */
export interface PagedLog<Filter, Row, Key, Item> {
  /** At most `limit` rows the filter selects, in the log's order, after `after` when given. */
  rows(db: Tx, filter: Filter, limit: number, after?: Key): Promise<Row[]>;
  total(db: Tx, filter: Filter): Promise<number>;
  keyOf(row: Row): Key;
  items(rows: Row[]): Item[];
  encodeCursor(key: Key): string;
  /** The key a cursor names; one this log never returned is refused (`invalid`, naming cursor). */
  decodeCursor(cursor: string): Key;
  csvHeader(style: CsvStyle): string;
  csvRow(row: Row, style: CsvStyle): string;
}

export interface LogPage<Item> {
  items: Item[];
  /** Opaque; null on the last page. */
  nextCursor: string | null;
  /** Every row the filter selects, on all pages. */
  total: number;
}

/** One page: `limit` rows after the cursor's, the next cursor, the total. */
export async function readLogPage<Filter, Row, Key, Item>(
  log: PagedLog<Filter, Row, Key, Item>,
  db: Tx,
  filter: Filter,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<LogPage<Item>> {
  const after = cursor === undefined ? undefined : log.decodeCursor(cursor);
  // One more row than asked says whether a next page exists.
  const rows = await log.rows(db, filter, limit + 1, after);
  const page = rows.slice(0, limit);
  return {
    items: log.items(page),
    nextCursor: rows.length > limit ? log.encodeCursor(log.keyOf(page.at(-1)!)) : null,
    total: await log.total(db, filter),
  };
}

/** Rows per statement while exporting: memory stays flat whatever the log's size. */
const CSV_BATCH = 1000;

/**
 * The CSV, read batch by batch along the same keyset as the grid and written as it goes. The
 * first batch is read before anything is sent, so a failure there (the database unreachable)
 * is still a proper error answer; a later one destroys the response (Fastify does so for a
 * stream that fails after its head): the client sees a broken download, never a short file
 * that ends cleanly (docs/hardening.md).
 */
export async function logCsvLines<Filter, Row, Key, Item>(
  log: PagedLog<Filter, Row, Key, Item>,
  db: Tx,
  filter: Filter,
  style: CsvStyle,
): Promise<AsyncIterable<string>> {
  const first = await log.rows(db, filter, CSV_BATCH);
  return (async function* lines() {
    yield CSV_BOM + log.csvHeader(style);
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map((row) => log.csvRow(row, style)).join('');
      if (rows.length < CSV_BATCH) return;
      rows = await log.rows(db, filter, CSV_BATCH, log.keyOf(rows.at(-1)!));
    }
  })();
}
