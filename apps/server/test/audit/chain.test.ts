import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendAudit, appendAuditMany } from '../../src/audit/append.js';
import { verifyAudit } from '../../src/audit/verify.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';

const by = { actor: { id: 7, username: 'maria' }, address: '192.0.2.7' };

describeEachDb('audit log: the chain', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const count = async () =>
    Number(
      rowsOf<{ n: unknown }>(
        await ctx.database.db.execute(sql`SELECT count(*) AS n FROM audit_log`),
      )[0]?.n,
    );

  it('links each record to the one before by a SHA-256 anyone can recompute', async () => {
    const first = await ctx.database.db.transaction((tx) =>
      appendAudit(tx, {
        by,
        action: 'PROFILE_VIEWED',
        target: { type: 'DEVICE', id: 3, label: 'Sala "B"' },
      }),
    );
    const second = await ctx.database.db.transaction((tx) =>
      appendAudit(tx, {
        by: { actor: null, address: '::1' },
        action: 'ALARM_CONF_CHANGED',
        target: { type: 'CONF', id: 'alarm', label: 'alarm' },
        details: {
          before: { offlineAfterSeconds: 300, ackTargetSeconds: 60 },
          after: { ackTargetSeconds: 30, offlineAfterSeconds: 300 },
        },
      }),
    );
    expect(first.prevHash).toBe('0'.repeat(64));
    expect(second.prevHash).toBe(first.hash);
    // Written out by hand: keys sorted at every level, no spaces, id a number, at ISO.
    const text =
      `{"action":"PROFILE_VIEWED","actor":{"id":7,"username":"maria"},"address":"192.0.2.7","at":"${first.at}",` +
      `"details":null,"id":${first.id},"prevHash":"${'0'.repeat(64)}","target":{"id":3,"label":"Sala \\"B\\"","type":"DEVICE"}}`;
    expect(first.hash).toBe(
      createHash('sha256')
        .update('0'.repeat(64) + text, 'utf8')
        .digest('hex'),
    );
    const text2 =
      `{"action":"ALARM_CONF_CHANGED","actor":null,"address":"::1","at":"${second.at}",` +
      `"details":{"after":{"ackTargetSeconds":30,"offlineAfterSeconds":300},"before":{"ackTargetSeconds":60,"offlineAfterSeconds":300}},` +
      `"id":${second.id},"prevHash":"${first.hash}","target":{"id":"alarm","label":"alarm","type":"CONF"}}`;
    expect(second.hash).toBe(
      createHash('sha256')
        .update(first.hash + text2, 'utf8')
        .digest('hex'),
    );
    expect(await verifyAudit(ctx.database.db)).toEqual({ ok: true, checked: 2, firstBadId: null });
  });

  it('rolls back with the transaction it was written in, and refuses to be written outside one', async () => {
    const before = await count();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await appendAudit(tx, {
          by,
          action: 'USER_DELETED',
          target: { type: 'USER', id: 9, label: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await expect(
      appendAudit(ctx.database.db, { by, action: 'LOGOUT', target: null }),
    ).rejects.toThrow(/transaction/);
    expect(await count()).toBe(before);
    expect((await verifyAudit(ctx.database.db)).ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const db = ctx.database.db;
    // drizzle wraps the database's error: its message is the cause's.
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(await refusal(db.execute(sql`UPDATE audit_log SET address = '10.0.0.1'`))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(db.execute(sql`DELETE FROM audit_log`))).toMatch(/append-only: DELETE/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE/);
    expect(await count()).toBe(2);
  });

  it('names the first record altered behind the trigger, and every later one still links', async () => {
    const db = ctx.database.db;
    for (const action of ['LOGOUT', 'LOGIN'] as const) {
      await db.transaction((tx) =>
        appendAudit(tx, { by, action, target: { type: 'USER', id: 7, label: 'maria' } }),
      );
    }
    const ids = rowsOf<{ id: unknown }>(
      await db.execute(sql`SELECT id FROM audit_log ORDER BY id`),
    ).map((r) => Number(r.id));
    expect(ids).toHaveLength(4);
    const progress: number[] = [];
    expect(await verifyAudit(db, (n) => progress.push(n))).toEqual({
      ok: true,
      checked: 4,
      firstBadId: null,
    });
    expect(progress).toEqual([4]);
    await db.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
    try {
      await db.execute(
        sql`UPDATE audit_log SET actor_username = 'someone-else' WHERE id = ${ids[2]}`,
      );
      expect(await verifyAudit(db)).toEqual({ ok: false, checked: 3, firstBadId: ids[2] });
      // Recomputing the altered row's hash too moves the break to the next record's link.
      await db.execute(sql`UPDATE audit_log SET actor_username = 'maria' WHERE id = ${ids[2]}`);
      expect((await verifyAudit(db)).ok).toBe(true);
      await db.execute(sql`DELETE FROM audit_log WHERE id = ${ids[1]}`);
      expect(await verifyAudit(db)).toEqual({ ok: false, checked: 2, firstBadId: ids[2] });
    } finally {
      await db.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    }
  });
});

describeEachDb('audit log: a batch', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it("appends a batch in one go, past a statement's 65,535 parameters, every value read back as hashed", async () => {
    // Text that an array literal must escape: quotes, backslashes, braces, commas, NULL, Arabic.
    const awkward = ['Sala "B", {1}', 'a\\b', 'NULL', 'منزل', ''];
    const records = Array.from({ length: 6000 }, (_, i) => ({
      by: i % 2 ? by : { actor: null, address: awkward[i % 5]! },
      action: 'PROFILE_VIEWED' as const,
      target: i % 3 ? { type: 'DEVICE' as const, id: i, label: awkward[i % 5]! } : null,
      details: i % 4 ? { fields: [awkward[i % 5]!], n: i } : undefined,
    }));
    const items = await ctx.database.db.transaction((tx) => appendAuditMany(tx, records));
    expect(items).toHaveLength(6000);
    expect(items[1]!.prevHash).toBe(items[0]!.hash);
    expect(items[5999]!.id - items[0]!.id).toBe(5999);
    const stored = rowsOf<{ target_label: string | null; details: unknown; address: string }>(
      await ctx.database.db.execute(
        sql`SELECT target_label, details, address FROM audit_log WHERE id = ${items[5]!.id}`,
      ),
    )[0];
    expect(stored).toEqual({
      target_label: awkward[0],
      details: { fields: [awkward[0]], n: 5 },
      address: by.address,
    });
    expect(await verifyAudit(ctx.database.db)).toMatchObject({ ok: true, firstBadId: null });
  });
});
