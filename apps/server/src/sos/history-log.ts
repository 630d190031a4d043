import type { HistoryFilterQuery, HistoryItem } from '@sos/contract';
import type { PagedLog } from '../log/paged.js';
import { csvHeader, csvRow } from './history-csv.js';
import { decodeCursor, encodeCursor, type HistoryKey } from './history-cursor.js';
import {
  historyPage,
  historyTotal,
  historyWhere,
  toHistoryItems,
  type HistoryRow,
} from './history-repository.js';

/** The SOS history as a paged log: closed SOS, newest closure first (then id); days in `tz`. */
export const historyLog = (
  tz: string,
): PagedLog<HistoryFilterQuery, HistoryRow, HistoryKey, HistoryItem> => ({
  rows: (db, filter, limit, after) => historyPage(db, historyWhere(filter, tz, after), limit),
  total: (db, filter) => historyTotal(db, historyWhere(filter, tz)),
  keyOf: (row) => row.key,
  items: toHistoryItems,
  encodeCursor,
  decodeCursor,
  csvHeader,
  csvRow,
});
