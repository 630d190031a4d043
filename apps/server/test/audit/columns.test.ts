import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendAudit } from '../../src/audit/append.js';
import { verifyAudit } from '../../src/audit/verify.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';

/**
 * Every stored column of a record is inside its hash (docs/audit.md "The chain"): altering any
 * one of them, behind the trigger's back, makes verify name that record. Each case alters one
 * column of one record, checks, and puts the value back (the chain then holds again).
 */
describeEachDb('audit log: every column is inside the hash', (kind) => {
  let ctx: TestContext;
  let ids: { user: number; anonymous: number; conf: number };
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const append = (record: Parameters<typeof appendAudit>[1]) =>
      ctx.database.db.transaction(async (tx) => (await appendAudit(tx, record)).id);
    ids = {
      user: await append({
        by: { actor: { id: 7, username: 'maria' }, address: '192.0.2.7' },
        action: 'USER_UPDATED',
        target: { type: 'USER', id: 12, label: 'luca' },
        details: { fields: ['role'] },
      }),
      anonymous: await append({
        by: { actor: null, address: '192.0.2.8' },
        action: 'LOGIN_FAILED',
        target: null,
        details: { usernameHash: 'a'.repeat(64) },
      }),
      conf: await append({
        by: { actor: { id: 7, username: 'maria' }, address: '192.0.2.7' },
        action: 'API_KEY_CHANGED',
        target: { type: 'CONF', id: 'apiKey', label: 'apiKey' },
      }),
    };
    // A later record, so that a record's own hash altered shows at the next one's link too.
    await append({ by: { actor: null, address: 'cli' }, action: 'LOGOUT', target: null });
  });
  afterAll(async () => ctx.close());

  /** Runs an UPDATE with the trigger off (the only way a record can change). */
  async function update(statement: string) {
    const db = ctx.database.db;
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    try {
      await db.execute(sql.raw(statement));
    } finally {
      await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    }
  }

  const rowOf = async (id: number) =>
    rowsOf<{ hash: string; prev_hash: string }>(
      await ctx.database.db.execute(sql`SELECT hash, prev_hash FROM audit_log WHERE id = ${id}`),
    )[0]!;

  type Case = [column: string, record: keyof typeof ids, set: string, undo: string];
  const cases: Case[] = [
    ['at', 'user', `at = at + interval '1 second'`, `at = at - interval '1 second'`],
    [
      'at (by a microsecond)',
      'user',
      `at = at + interval '1 microsecond'`,
      `at = date_trunc('milliseconds', at)`,
    ],
    ['actor_id', 'user', 'actor_id = 1', 'actor_id = 7'],
    ['actor_id (on a record without actor)', 'anonymous', 'actor_id = 1', 'actor_id = NULL'],
    ['actor_username', 'user', `actor_username = 'admin'`, `actor_username = 'maria'`],
    [
      'actor_username (forged with no actor_id)',
      'anonymous',
      `actor_username = 'admin'`,
      'actor_username = NULL',
    ],
    ['address', 'user', `address = '10.0.0.1'`, `address = '192.0.2.7'`],
    ['address (emptied)', 'anonymous', 'address = NULL', `address = '192.0.2.8'`],
    ['action', 'user', `action = 'USER_CREATED'`, `action = 'USER_UPDATED'`],
    ['target_type', 'user', `target_type = 'DEVICE'`, `target_type = 'USER'`],
    [
      'target_type (on a record without target)',
      'anonymous',
      `target_type = 'USER'`,
      'target_type = NULL',
    ],
    ['target_id', 'user', `target_id = '13'`, `target_id = '12'`],
    [
      'target_id (the same number written otherwise)',
      'user',
      `target_id = '012'`,
      `target_id = '12'`,
    ],
    ['target_id (of a setting)', 'conf', `target_id = 'alarm'`, `target_id = 'apiKey'`],
    ['target_label', 'user', `target_label = 'admin'`, `target_label = 'luca'`],
    [
      'target_label (forged with no target_type)',
      'anonymous',
      `target_label = 'admin'`,
      'target_label = NULL',
    ],
    ['details', 'user', `details = '{"fields":["password"]}'`, `details = '{"fields":["role"]}'`],
    ['details (on a record without)', 'conf', `details = '{"fields":[]}'`, 'details = NULL'],
    ['prev_hash', 'conf', `prev_hash = repeat('0', 64)`, 'prev_hash = $prev'],
    ['hash', 'conf', `hash = repeat('f', 64)`, 'hash = $hash'],
  ];

  it.each(cases)(
    'verify names the record when %s is altered',
    async (_column, record, set, undo) => {
      const id = ids[record];
      const before = await rowOf(id);
      expect(await verifyAudit(ctx.database.db)).toMatchObject({ ok: true });
      await update(`UPDATE audit_log SET ${set} WHERE id = ${id}`);
      const broken = await verifyAudit(ctx.database.db);
      const restore = undo
        .replace('$prev', `'${before.prev_hash}'`)
        .replace('$hash', `'${before.hash}'`);
      await update(`UPDATE audit_log SET ${restore} WHERE id = ${id}`);
      expect(broken).toMatchObject({ ok: false, firstBadId: id });
      expect(await verifyAudit(ctx.database.db)).toMatchObject({ ok: true, firstBadId: null });
    },
  );

  it('verify names the record when id is altered', async () => {
    const id = ids.conf;
    await update(`UPDATE audit_log SET id = ${id + 1000} WHERE id = ${id}`);
    const broken = await verifyAudit(ctx.database.db);
    await update(`UPDATE audit_log SET id = ${id} WHERE id = ${id + 1000}`);
    // The next record now follows the user record's: its link is the first to break.
    expect(broken).toMatchObject({ ok: false, firstBadId: id + 1 });
    expect(await verifyAudit(ctx.database.db)).toMatchObject({ ok: true });
  });

  it('a record hashed as before every column was covered still verifies', async () => {
    // Written by the server before the extension: the same text as now (docs/audit.md).
    expect(await verifyAudit(ctx.database.db)).toEqual({ ok: true, checked: 4, firstBadId: null });
  });
});
