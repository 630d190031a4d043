import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';

/** A table past one of autovacuum's default thresholds, and what it needs. */
export interface TableDue {
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * The application's tables that PostgreSQL's autovacuum would take now, by its default settings
 * (docs/operations.md "Running it"): dead rows past 50 + 20 %, rows inserted since the last
 * vacuum past 1,000 + 20 % (the visibility map, for index-only scans), transaction ids older
 * than vacuum_freeze_table_age's default; changed rows past 50 + 10 % for ANALYZE.
 */
export async function tablesDue(db: Db): Promise<TableDue[]> {
  const result = await db.execute(sql`
    SELECT s.relname AS "table",
      s.n_dead_tup > 50 + 0.2 * s.n_live_tup OR s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup
        OR age(c.relfrozenxid) > 150000000 AS "vacuum",
      s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup AS "analyze"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = 'public'
    ORDER BY s.relname`);
  return rowsOf<TableDue>(result).filter((t) => t.vacuum || t.analyze);
}

/** VACUUM and/or ANALYZE of one table (outside any transaction, as VACUUM must be). */
export async function maintainTable(db: Db, due: TableDue): Promise<void> {
  const statement = due.vacuum ? (due.analyze ? 'VACUUM (ANALYZE)' : 'VACUUM') : 'ANALYZE';
  await db.execute(sql.raw(`${statement} "${due.table.replaceAll('"', '""')}"`));
}
