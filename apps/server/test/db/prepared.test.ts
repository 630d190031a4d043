import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_PER_CONNECTION, prepared } from '../../src/db/prepared.js';
import { rowsOf } from '../../src/db/rows.js';
import { DB_KINDS, openTestDatabase } from '../helpers/app.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

/** The statements this connection holds prepared (one transaction: one pooled connection). */
const preparedOnConnection = sql`SELECT statement FROM pg_prepared_statements`;

/** Hot statements are parsed once per connection (src/db/prepared.ts). */
run('prepared statements [postgres]', () => {
  it('keeps a marked statement prepared on its connection, and answers as before', async () => {
    const { database, drop } = await openTestDatabase('postgres');
    try {
      const held = await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3]) {
          const answer = await tx.execute(prepared(sql`SELECT ${n}::int + 1 AS next`));
          expect(rowsOf<{ next: number }>(answer)[0]?.next).toBe(n + 1);
        }
        await tx.execute(sql`SELECT 'unmarked' AS plain`);
        return rowsOf<{ statement: string }>(await tx.execute(preparedOnConnection));
      });
      // One statement for three calls with three values; the unmarked one is not kept.
      expect(held.map((row) => row.statement)).toEqual([
        '/* prepared */ SELECT $1::int + 1 AS next',
      ]);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('prepares no more than its bound on one connection; the rest still run', async () => {
    const { database, drop } = await openTestDatabase('postgres');
    try {
      const count = await database.db.transaction(async (tx) => {
        // Texts that differ by a value written into them: each is a statement of its own.
        for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 5; i++) {
          const answer = await tx.execute(prepared(sql.raw(`SELECT ${i} AS i`)));
          expect(rowsOf<{ i: number }>(answer)[0]?.i).toBe(i);
        }
        const rows = rowsOf<{ n: number | string }>(
          await tx.execute(sql`SELECT count(*) AS n FROM pg_prepared_statements`),
        );
        return Number(rows[0]?.n);
      });
      expect(count).toBe(MAX_PREPARED_PER_CONNECTION);
    } finally {
      await database.close();
      await drop();
    }
  });
});
