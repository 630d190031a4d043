import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiPath } from '@sos/contract';
import { verifyAudit } from '../../src/audit/verify.js';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import { auditLog } from '../../src/db/schema.js';
import { createTestApp, DB_KINDS, TEST_ENV, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';

// Several processes only share a PostgreSQL (the embedded database has one process).
const run = DB_KINDS.includes('postgres') ? describe : describe.skip;

run('audit log: two server processes on one PostgreSQL [postgres]', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    second = await buildApp({ env: TEST_ENV, database: await openPostgres(ctx.databaseUrl!, 5) });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('keeps one valid chain when both append at once', async () => {
    const devices = await Promise.all(
      Array.from({ length: 6 }, (_, i) => deviceWithOpenSos(ctx, `c-${i}`)),
    );
    const headers = ctx.bearer(ctx.admin.token);
    const calls = devices.flatMap(({ deviceId, sosId }, i) => {
      const [a, b] = i % 2 === 0 ? [ctx.app, second] : [second, ctx.app];
      return [
        ...Array.from({ length: 8 }, () =>
          a.inject({ url: `${apiPath('deviceProfile')}?id=${deviceId}`, headers }),
        ),
        ...Array.from({ length: 8 }, () =>
          b.inject({ url: `${apiPath('deviceProfile')}?id=${deviceId}`, headers }),
        ),
        a.inject({ method: 'POST', url: `${apiPath('sosAck')}?sosId=${sosId}`, headers }),
        b.inject({
          method: 'POST',
          url: `${apiPath('sosNote')}?sosId=${sosId}`,
          headers,
          payload: { text: 'n' },
        }),
        b.inject({
          method: 'POST',
          url: apiPath('confAlarm'),
          headers,
          payload: { ackTargetSeconds: 30 + i },
        }),
      ];
    });
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode).filter((code) => code >= 300)).toEqual([]);
    const rows = await ctx.database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows).toHaveLength(calls.length);
    // One chain: every record links to the one before it; no two share a predecessor.
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length);
    rows.slice(1).forEach((row, i) => expect(row.prevHash).toBe(rows[i]!.hash));
    expect(await verifyAudit(ctx.database.db)).toEqual({
      ok: true,
      checked: calls.length,
      firstBadId: null,
    });
  });
});
