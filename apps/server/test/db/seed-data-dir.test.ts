import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { count, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap.js';
import { openEmbedded, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { settings, users } from '../../src/db/schema.js';
import { pgliteVersion, SEED_FILE, seedDataDir } from '../../src/db/seed-data-dir.js';
import { parseTar, writeTar } from '../../src/db/tar.js';

const journal = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `sos-seed-${name}-`));
  temps.push(dir);
  return dir;
};
let opened: Database | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A seed like the build's, made from the test run's migrated snapshot (no user, no key). */
let seedFile: string;
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'sos-seed-file-'));
  seedFile = join(dir, 'pgdata.tar.gz');
  writeFileSync(seedFile, gzipSync(readFileSync(inject('pgliteSnapshot'))));
  writeFileSync(join(dir, 'pgdata.json'), JSON.stringify({ pglite: pgliteVersion() }));
  return () => rmSync(dir, { recursive: true, force: true });
});

async function contents(database: Database) {
  const applied = (await database.db.execute(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  const [u] = await database.db.select({ n: count() }).from(users);
  const [s] = await database.db.select({ n: count() }).from(settings);
  return { migrations: applied.rows[0]?.n, users: u?.n, settings: s?.n };
}

describe('seed data directory', () => {
  it('fills a new folder: migrations applied, no user and no key until bootstrap', async () => {
    const dir = join(temp('new'), 'data'); // not even created yet
    expect(seedDataDir(dir, seedFile)).toBe('seeded');
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    opened = await openEmbedded({ dataDir: dir, seedFile });
    expect(await contents(opened)).toEqual({
      migrations: journal.entries.length,
      users: 0,
      settings: 0,
    });
    await migrate(opened); // a no-op on the seed
    const result = await bootstrap(opened.db, { adminUsername: 'admin' });
    expect(result.createdAdmin?.generated).toBe(true);
    expect(result.generatedApiKey).toBe(true);
    expect(await contents(opened)).toMatchObject({ users: 1, settings: 1 });
  });

  it('never replaces an existing database', async () => {
    const dir = temp('existing');
    opened = await openEmbedded({ dataDir: dir, seedFile });
    await bootstrap(opened.db, { adminUsername: 'kept' });
    await opened.close();
    opened = undefined;
    expect(seedDataDir(dir, seedFile)).toBe('not-empty');
    opened = await openEmbedded({ dataDir: dir, seedFile });
    expect(await opened.db.select({ username: users.username }).from(users)).toEqual([
      { username: 'kept' },
    ]);
  });

  it('leaves a folder holding anything else alone', () => {
    const dir = temp('other');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(seedDataDir(dir, seedFile)).toBe('not-empty');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });

  it('seeds again over what an interrupted seeding left (no PG_VERSION yet)', () => {
    const dir = temp('interrupted');
    expect(seedDataDir(dir, seedFile)).toBe('seeded');
    rmSync(join(dir, 'PG_VERSION'));
    rmSync(join(dir, 'base'), { recursive: true });
    writeFileSync(join(dir, 'server.lock'), String(process.pid));
    expect(seedDataDir(dir, seedFile)).toBe('seeded');
    expect(existsSync(join(dir, 'base'))).toBe(true);
  });

  it('falls back to initdb without a seed, or with one of another PGlite version', async () => {
    expect(seedDataDir(temp('none'), join(temp('nofile'), 'pgdata.tar.gz'))).toBe('no-seed');
    const other = temp('version');
    writeFileSync(join(other, 'pgdata.tar.gz'), readFileSync(seedFile));
    writeFileSync(join(other, 'pgdata.json'), JSON.stringify({ pglite: '0.0.1' }));
    expect(seedDataDir(temp('v'), join(other, 'pgdata.tar.gz'))).toBe('other-version');

    const dir = temp('fallback');
    opened = await openEmbedded({ dataDir: dir, seedFile: join(other, 'pgdata.tar.gz') });
    await migrate(opened);
    expect(await contents(opened)).toEqual({
      migrations: journal.entries.length,
      users: 0,
      settings: 0,
    });
  });

  it('archives what it reads back: folders, empty files, sizes off the 512-byte blocks', () => {
    const entries = [
      { name: '/base', type: 'dir' as const, data: Buffer.alloc(0) },
      { name: '/base/1', type: 'file' as const, data: Buffer.alloc(0) },
      { name: '/base/2', type: 'file' as const, data: Buffer.alloc(513, 7) },
      { name: '/PG_VERSION', type: 'file' as const, data: Buffer.from('17\n') },
    ];
    expect(parseTar(writeTar(entries))).toEqual(entries);
    expect(() =>
      writeTar([{ name: `/${'x'.repeat(100)}`, type: 'dir', data: Buffer.alloc(0) }]),
    ).toThrow(/longer/);
  });

  it('the lean data directory: one WAL segment, no lock or pid file', () => {
    const names = parseTar(readFileSync(inject('pgliteSnapshot'))).map((entry) => entry.name);
    expect(names.filter((name) => /^\/pg_wal\/[0-9A-F]{24}$/.test(name))).toHaveLength(1);
    expect(names).toContain('/PG_VERSION');
    expect(names.filter((name) => /postmaster\.pid|server\.lock/.test(name))).toEqual([]);
  });

  it('refuses a corrupt archive and entries outside the folder', () => {
    const archive = readFileSync(inject('pgliteSnapshot'));
    const corrupt = Buffer.from(archive);
    corrupt[10] = corrupt[10]! ^ 0xff;
    expect(() => parseTar(corrupt)).toThrow(/corrupt/);

    const dir = temp('evil');
    const file = join(dir, 'evil.tar.gz');
    const evil = writeTar([{ name: '../escape', type: 'file', data: Buffer.from('x') }]);
    writeFileSync(file, gzipSync(evil));
    writeFileSync(join(dir, 'pgdata.json'), JSON.stringify({ pglite: pgliteVersion() }));
    expect(() => seedDataDir(join(dir, 'data'), file)).toThrow(/outside/);
  });

  it.skipIf(!existsSync(SEED_FILE))(
    "the build's seed holds the migrations and no row at all",
    async () => {
      const dir = temp('build');
      expect(seedDataDir(dir)).toBe('seeded');
      opened = await openEmbedded({ dataDir: dir });
      expect(await contents(opened)).toMatchObject({ migrations: journal.entries.length });
      const tables = (await opened.db.execute(
        sql`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'`,
      )) as unknown as { rows: { t: string }[] };
      expect(tables.rows.length).toBeGreaterThan(0);
      for (const { t } of tables.rows) {
        const rows = (await opened.db.execute(
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`,
        )) as unknown as {
          rows: { n: number }[];
        };
        expect({ table: t, rows: rows.rows[0]?.n }).toEqual({ table: t, rows: 0 });
      }
    },
  );
});
