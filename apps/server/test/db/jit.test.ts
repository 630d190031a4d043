import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.js';
import { DB_KINDS, openTestDatabase } from '../helpers/app.js';

const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

/** JIT compiling stalled short statements by hundreds of ms (src/db/client.ts). */
run('PostgreSQL connections [postgres]', () => {
  it('have JIT off on every pooled connection', async () => {
    const { database, drop } = await openTestDatabase('postgres');
    try {
      // Five at once: each holds its own pooled connection.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          database.db.execute(sql`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`),
        ),
      );
      expect(answers.map((r) => rowsOf<{ jit: string }>(r)[0]?.jit)).toEqual([
        'off',
        'off',
        'off',
        'off',
        'off',
      ]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
