import { invalid } from '../lib/domain-error.js';

/** The log's keyset cursor: the last record's id (ids order it), base64url so clients keep it opaque. */
export const encodeAuditCursor = (id: number) =>
  Buffer.from(`audit|${id}`, 'utf8').toString('base64url');

export function decodeAuditCursor(cursor: string): number {
  const match = /^audit\|([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(id)) {
    throw invalid('cursor: not a cursor this log returned');
  }
  return id;
}
