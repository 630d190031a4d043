import { isQueryDateInRange, QUERY_DATE_RANGE_MESSAGE } from '@sos/contract';
import { invalid } from '../lib/domain-error.js';

/**
 * The history's keyset cursor: the last row's closure time (microseconds, as PostgreSQL keeps
 * it: a millisecond Date would repeat or skip rows) and id, base64url so clients treat it as
 * opaque. Anything else is a 400, never a database error.
 */
export interface HistoryKey {
  closedAt: string;
  id: number;
}

const KEY_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,9})$/;

export function encodeCursor(key: HistoryKey): string {
  return Buffer.from(`${key.closedAt}|${key.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): HistoryKey {
  const match = KEY_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(match?.[2]);
  if (!match || id > 2_147_483_647 || Number.isNaN(Date.parse(match[1]!))) {
    throw invalid('cursor: not a cursor this history returned');
  }
  // The same bounds as from and to: a forged cursor of year 0000 never reaches the database.
  if (!isQueryDateInRange(match[1]!)) {
    throw invalid(`cursor: its date ${QUERY_DATE_RANGE_MESSAGE}`);
  }
  return { closedAt: match[1]!, id };
}
