import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SharedWindows } from '../../src/throttle/shared-windows.js';
import { openTestDatabase, describeEachDb } from '../helpers/app.js';
import type { Database } from '../../src/db/client.js';

const silent = { warn: () => {} } as unknown as ConstructorParameters<typeof SharedWindows>[1];

/** The first hits of many windows at once (a fleet's heartbeats): each sees the shared count. */
describeEachDb('shared request windows, many first hits at once', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('counts what other processes wrote for each bucket, and 0 for new ones', async () => {
    const now = Date.parse('2026-01-01T00:00:30Z');
    const windows = new SharedWindows(database.db, silent, () => now);
    const start = new Date(Date.parse('2026-01-01T00:00:00Z')).toISOString();
    // Another process counted 5 hits of the even buckets in this minute.
    for (let i = 0; i < 40; i += 2)
      await database.db.execute(
        sql`INSERT INTO rate_windows (bucket, window_start, hits) VALUES (${`serial:d${i}`}, ${start}::timestamptz, 5)`,
      );
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => windows.hit(`serial:d${i}`, 60_000)),
    );
    expect(hits.map((h) => h.current)).toEqual(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 6 : 1)),
    );
    expect(hits.every((h) => h.ttlMs === 30_000)).toBe(true);
    // A second hit reads nothing more: counted in memory.
    expect((await windows.hit('serial:d0', 60_000)).current).toBe(7);
  });
});
