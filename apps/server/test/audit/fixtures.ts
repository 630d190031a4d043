import { asc, gt, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuditItem } from '@sos/contract';
import { toAuditItem } from '../../src/audit/item.js';
import { auditLog } from '../../src/db/schema.js';
import { rowsOf } from '../../src/db/rows.js';
import type { TestContext } from '../helpers/app.js';

/** The address every call of these suites comes from (inject's remoteAddress). */
export const FROM = '203.0.113.5';

export async function lastAuditId(ctx: TestContext): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`SELECT coalesce(max(id), 0) AS id FROM audit_log`,
  );
  return Number(rowsOf<{ id: unknown }>(result)[0]?.id);
}

export async function recordsAfter(ctx: TestContext, id: number): Promise<AuditItem[]> {
  const rows = await ctx.database.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, id))
    .orderBy(asc(auditLog.id));
  return rows.map(toAuditItem);
}

/** Runs `work` and answers what it recorded. */
export async function recorded(
  ctx: TestContext,
  work: () => Promise<unknown>,
): Promise<AuditItem[]> {
  const before = await lastAuditId(ctx);
  await work();
  return recordsAfter(ctx, before);
}

/** Runs `work`, expects exactly one record, answers it. */
export async function recordedOnce(
  ctx: TestContext,
  work: () => Promise<unknown>,
): Promise<AuditItem> {
  const records = await recorded(ctx, work);
  expect(records.map((r) => r.action)).toHaveLength(1);
  return records[0]!;
}

/** A JSON call from FROM with a user's token (or none). */
export function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: FROM,
    headers: token ? ctx.bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Everything the log holds, as one text: what a reader of the table or of a dump could see. */
export async function wholeLog(ctx: TestContext): Promise<string> {
  const result = await ctx.database.db.execute(
    sql`SELECT row_to_json(a)::text AS row FROM audit_log a ORDER BY id`,
  );
  return rowsOf<{ row: string }>(result)
    .map((r) => r.row)
    .join('\n');
}
