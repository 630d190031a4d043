import { HttpError } from '../lib/http-error.js';

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
    throw new HttpError(400, 'VALIDATION_ERROR', 'cursor: not a cursor this history returned');
  }
  return { closedAt: match[1]!, id };
}
