import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import type { Tx } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { readSideBySide } from '../../src/db/side-by-side.js';
import { describeEachDb, openTestDatabase } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/postgres.js';
import { toolVar } from '../../../../scripts/lib/env.mjs';

/**
 * Two read-only parts of one answer on one snapshot (src/db/side-by-side.ts): side by side
 * on PostgreSQL when a second connection is free, one after the other in the first's
 * transaction otherwise (the embedded database, a busy pool), the same rows either way.
 */
const count = async (tx: Tx) =>
  Number(rowsOf<{ n: string }>(await tx.execute(sql`SELECT count(*) AS n FROM devices`))[0]!.n);
const backend = async (tx: Tx) =>
  Number(rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
const noSettings = async () => undefined;

describeEachDb('readSideBySide', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await openTestDatabase(kind)));
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('answers both parts, read only, with the settings of `prepare` in each', async () => {
    const [a, b] = await readSideBySide(
      database.db,
      // Long enough for the second transaction to begin beside it.
      async (tx) => {
        await tx.execute(sql`SELECT pg_sleep(0.2)`);
        return [await count(tx), await backend(tx)];
      },
      async (tx) => [
        rowsOf<{ w: string }>(await tx.execute(sql`SELECT current_setting('work_mem') AS w`))[0]!.w,
        await backend(tx),
      ],
      (tx) => tx.execute(sql`SET LOCAL work_mem = '7MB'`),
    );
    expect(a[0]).toBe(0);
    expect(b[0]).toBe('7MB');
    // On PostgreSQL, with a free connection, the second part ran on a connection of its own.
    if (kind === 'postgres') expect(b[1]).not.toBe(a[1]);
    const write = readSideBySide(
      database.db,
      (tx) => tx.execute(sql`INSERT INTO settings (key, value) VALUES ('x', '1')`),
      count,
      noSettings,
    );
    // Drizzle names the statement; PostgreSQL's reason is its cause.
    await expect(write).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/read-only transaction/) as unknown },
    });
  });

  it('throws what a part throws, and leaves no transaction open', async () => {
    const failing = readSideBySide(
      database.db,
      count,
      async () => {
        throw new Error('the second part failed');
      },
      noSettings,
    );
    await expect(failing).rejects.toThrow('the second part failed');
    // A write goes through: nothing holds a lock or a connection.
    await database.db.execute(sql`INSERT INTO settings (key, value) VALUES ('after', '1')`);
    expect(await readSideBySide(database.db, count, count, noSettings)).toEqual([0, 0]);
  });
});

describe.skipIf(!inject('postgresReady'))('readSideBySide on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase(
      toolVar('TEST_DATABASE_URL')!,
      inject('postgresTemplate'),
    ));
  });
  afterAll(async () => drop());

  it('reads one snapshot in both parts, whatever commits between them', async () => {
    const database = await openPostgres(url, 3);
    const writer = await openPostgres(url, 1);
    try {
      let written = () => {};
      const gate = new Promise<void>((resolve) => (written = resolve));
      const [before, after] = await readSideBySide(
        database.db,
        async (tx) => {
          const n = await count(tx);
          await writer.db.execute(
            sql`INSERT INTO devices (serial, display_name, name_sort_key) VALUES ('SNAP-1', 'Snap', 'snap')`,
          );
          written();
          return n;
        },
        async (tx) => {
          await gate;
          return count(tx);
        },
        noSettings,
      );
      expect(before).toBe(0);
      expect(after).toBe(0);
      expect(await count(writer.db)).toBe(1);
    } finally {
      await database.close();
      await writer.close();
    }
  });

  it('with one connection in the pool, runs both parts in it rather than wait for another', async () => {
    const database = await openPostgres(url, 1);
    try {
      const [a, b] = await readSideBySide(database.db, backend, backend, noSettings);
      expect(b).toBe(a);
    } finally {
      await database.close();
    }
  });
});
