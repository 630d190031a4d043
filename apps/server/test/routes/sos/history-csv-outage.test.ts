import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../src/db/client.js';
import { sos } from '../../../src/db/schema.js';
import {
  createTestApp,
  describeOnOneDb,
  openTestDatabase,
  type TestContext,
} from '../../helpers/app.js';
import { seedDevice } from './reporting-fixtures.js';

/** More closed SOS than one page of the export (1,000): the export reads a second page. */
const ROWS = 1_050;

/**
 * The CSV export when the database goes away (docs/hardening.md). Before the first page it is
 * a 503 JSON answer; after the head was sent, the download must fail where the client sees
 * it, never end cleanly as a short file. The second page is read through a database handle
 * that is closed (a real driver error, at a known point, which a timed cut could not give).
 */
describeOnOneDb('GET /api/sos/history.csv during an outage', (kind) => {
  let ctx: TestContext;
  let base: string;
  let closedDb: Db;
  let realDb: Db;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const deviceId = await seedDevice(ctx, 'Export');
    const start = Date.parse('2026-03-01T00:00:00Z');
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const at = new Date(start + i * 60_000);
      return { deviceId, state: 'CLOSED' as const, createdAt: at, updatedAt: at, closedAt: at };
    });
    await ctx.database.db.insert(sos).values(rows);
    const other = await openTestDatabase(kind);
    await other.database.close();
    await other.drop();
    closedDb = other.database.db;
    realDb = ctx.app.db;
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    ctx.app.db = realDb;
    await ctx.close();
  });

  const download = () =>
    fetch(base + apiPath('sosHistoryCsv'), {
      headers: { authorization: `Bearer ${ctx.admin.token}` },
    });

  it('is whole while the database answers', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    expect((await res.text()).trimEnd().split('\r\n')).toHaveLength(ROWS + 1);
  });

  /** The app's queries as they are, except the export's pages from `from` on, read where the database is gone. */
  const cutFromPage = (from: number) => {
    let pages = 0;
    ctx.app.db = new Proxy(realDb, {
      get(target, prop, receiver) {
        if (prop !== 'select') return Reflect.get(target, prop, receiver) as unknown;
        return (fields?: SelectedFields) =>
          fields && 'closedKey' in fields && ++pages >= from
            ? closedDb.select(fields)
            : target.select(fields!);
      },
    });
    return () => pages;
  };

  it('fails the download when the database goes away after the first page', async () => {
    const pages = cutFromPage(2);
    try {
      const res = await download();
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(pages()).toBe(2);
    } finally {
      ctx.app.db = realDb;
    }
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After before the first page', async () => {
    cutFromPage(1);
    try {
      const res = await download();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
    } finally {
      ctx.app.db = realDb;
    }
  });
});
