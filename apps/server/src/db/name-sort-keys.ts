import { sql, type SQL } from 'drizzle-orm';
import { deviceNameSortKey } from '@sos/contract';
import { rowsOf } from './rows.js';

/** What filling the keys needs of a database: the pool's Db, or the migration's own client. */
export interface Executes {
  execute(query: SQL): PromiseLike<unknown>;
}

const BATCH = 1_000;

/**
 * Migration 0010 added devices.name_sort_key as '' to the rows already there: SQL cannot
 * compute deviceNameSortKey (packages/contract; docs/console.md, dashboard order). Fills them
 * in after the migrations, by id, a batch per statement; then there is nothing left to do
 * (every write of a name writes its key). A name whose key is '' is read again at each start:
 * harmless. A change of deviceNameSortKey needs a migration setting every key back to ''.
 */
export async function fillNameSortKeys(db: Executes): Promise<void> {
  for (let after = 0; ;) {
    const result = await db.execute(sql`
      SELECT id, display_name AS name FROM devices WHERE name_sort_key = '' AND id > ${after}
      ORDER BY id LIMIT ${BATCH}`);
    const rows = rowsOf<{ id: number; name: string }>(result);
    if (rows.length === 0) return;
    const keys = rows.map((row) => ({ id: row.id, key: deviceNameSortKey(row.name) }));
    await db.execute(sql`
      UPDATE devices d SET name_sort_key = v.key
      FROM json_to_recordset(${JSON.stringify(keys)}::json) AS v(id integer, key text) WHERE d.id = v.id`);
    after = Number(rows[rows.length - 1]!.id);
  }
}
