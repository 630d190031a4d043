import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuditItem } from '@sos/contract';
import { appendAuditMany } from '../../src/audit/append.js';
import { toAuditItem } from '../../src/audit/item.js';
import { openDatabase } from '../../src/db/open.js';
import { auditLog } from '../../src/db/schema.js';
import { describeEachDb } from '../helpers/app.js';
import { useAdminCli } from '../cli/admin-cli.js';

describeEachDb('audit log: npm run admin', (kind) => {
  const cli = useAdminCli(kind);
  const { admin } = cli;
  /** The database as the command left it (embedded: opened once the command has closed it). */
  const withDb = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) => {
    const database = await openDatabase(cli.env());
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };
  const log = (): Promise<AuditItem[]> =>
    withDb(async (d) => (await d.db.select().from(auditLog).orderBy(auditLog.id)).map(toAuditItem));

  it('records what each command changes, from the command line, never a password or the key', async () => {
    const cli = { actor: null, address: 'cli' };
    expect(
      (
        await admin(
          'create-user',
          '--username',
          'olga',
          '--email',
          'olga@example.it',
          '--role',
          'EMPLOYEE',
          '--password',
          'Olga-Secret-1',
        )
      ).code,
    ).toBe(0);
    expect(
      (await admin('reset-password', '--username', 'olga', '--password', 'Olga-Secret-2')).code,
    ).toBe(0);
    expect((await admin('set-api-key', '--key', 'Cli-Device-Key-777')).code).toBe(0);
    // Refused: taken, unknown, bad input. Nothing recorded.
    expect(
      (
        await admin(
          'create-user',
          '--username',
          'OLGA',
          '--email',
          'o@example.it',
          '--role',
          'EMPLOYEE',
        )
      ).code,
    ).toBe(1);
    expect((await admin('reset-password', '--username', 'nobody')).code).toBe(1);
    expect((await admin('set-api-key', '--key', 'ab')).code).toBe(2);
    const records = await log();
    const olga = records[0]!.target!.id;
    expect(records).toMatchObject([
      { ...cli, action: 'USER_CREATED', target: { type: 'USER', label: 'olga' }, details: null },
      {
        ...cli,
        action: 'USER_UPDATED',
        target: { type: 'USER', id: olga, label: 'olga' },
        details: { fields: ['password'] },
      },
      {
        ...cli,
        action: 'API_KEY_CHANGED',
        target: { type: 'CONF', id: 'apiKey', label: 'apiKey' },
        details: null,
      },
    ]);
    const text = JSON.stringify(records);
    for (const secret of ['Olga-Secret-1', 'Olga-Secret-2', 'Cli-Device-Key-777'])
      expect(text).not.toContain(secret);
  });

  it('audit-verify re-checks the chain, with progress on a large log, and names a record altered', async () => {
    const intact = await admin('audit-verify');
    expect(intact).toMatchObject({ code: 0, err: '' });
    expect(intact.out).toContain('audit log intact: 3 records checked');
    const by = { actor: { id: 1, username: 'bulk' }, address: '198.51.100.1' };
    await withDb((d) =>
      d.db.transaction((tx) =>
        appendAuditMany(
          tx,
          Array.from({ length: 10_000 }, () => ({
            by,
            action: 'PROFILE_VIEWED' as const,
            target: null,
          })),
        ),
      ),
    );
    const large = await admin('audit-verify');
    expect(large.code).toBe(0);
    expect(large.err).toBe('checked 10000 records…');
    expect(large.out).toContain('audit log intact: 10003 records checked');
    const altered = await withDb(async (d) => {
      const [row] = await d.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .orderBy(auditLog.id)
        .offset(5000)
        .limit(1);
      await d.db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await d.db.execute(sql`UPDATE audit_log SET address = '10.9.9.9' WHERE id = ${row!.id}`);
      await d.db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
      return row!.id;
    });
    const broken = await admin('audit-verify');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`the chain is broken at record ${altered} (5001 records checked)`);
    // 10,000 records appended and hashed three times over: on the embedded database of a
    // busy 2-core machine that has taken over 30 s.
  }, 120_000);
});
