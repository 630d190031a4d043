import type { AuditFilterQuery, AuditItem } from '@sos/contract';
import type { PagedLog } from '../log/paged.js';
import { auditCsvHeader, auditCsvRow } from './csv.js';
import { decodeAuditCursor, encodeAuditCursor } from './cursor.js';
import { toAuditItem, type AuditRow } from './item.js';
import { auditPage, auditTotal, auditWhere } from './queries.js';

/** The audit log as a paged log: newest first, by id (the chain's order); days in `tz`. */
export const auditLogPages = (
  tz: string,
): PagedLog<AuditFilterQuery, AuditRow, number, AuditItem> => ({
  rows: (db, filter, limit, before) => auditPage(db, auditWhere(filter, tz, before), limit),
  total: (db, filter) => auditTotal(db, auditWhere(filter, tz)),
  keyOf: (row) => row.id,
  items: (rows) => rows.map(toAuditItem),
  encodeCursor: encodeAuditCursor,
  decodeCursor: decodeAuditCursor,
  csvHeader: auditCsvHeader,
  csvRow: auditCsvRow,
});
