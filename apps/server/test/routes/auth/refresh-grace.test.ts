import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authResponseSchema } from '@sos/contract';
import { buildApp } from '../../../src/app.js';
import { refreshTokens } from '../../../src/db/schema.js';
import { hashToken } from '../../../src/auth/refresh-tokens.js';
import { createTestApp, describeOnOneDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { loginAs, refreshByBody, refreshByQuery, registerProbe } from './helpers.js';

/** docs/security.md "Sessions": two tabs (or a retry) refreshing with one token must not log each other out. */
describeOnOneDb('refresh grace: one token refreshed twice within 10 s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, registerProbe);
  });
  afterAll(async () => ctx.close());

  const parse = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(200);
    return authResponseSchema.parse(res.json());
  };

  it('answers two concurrent refreshes with the same new refresh token, and the session lives on', async () => {
    const { refresh_token } = await loginAs(ctx.app, 'admin', 'admin-password');
    const [a, b] = (
      await Promise.all([
        refreshByQuery(ctx.app, refresh_token),
        refreshByBody(ctx.app, refresh_token),
      ])
    ).map(parse);
    expect(a!.refresh_token).toBe(b!.refresh_token);
    expect(a!.refresh_token).not.toBe(refresh_token);
    for (const access of [a!.access_token, b!.access_token]) {
      expect(
        (await ctx.app.inject({ url: '/probe', headers: ctx.bearer(access) })).statusCode,
      ).toBe(200);
    }
    // Either tab goes on refreshing.
    parse(await refreshByBody(ctx.app, a!.refresh_token));
  });

  it('answers a second refresh a few seconds later alike, from another server process too', async () => {
    const { refresh_token } = await loginAs(ctx.app, 'admin', 'admin-password');
    const first = parse(await refreshByBody(ctx.app, refresh_token));
    const other = await buildApp({ env: TEST_ENV, database: ctx.database, closeDatabase: false });
    try {
      const second = parse(await refreshByBody(other, refresh_token));
      expect(second.refresh_token).toBe(first.refresh_token);
      expect(second.refresh_expires_at).toBe(first.refresh_expires_at);
    } finally {
      await other.close();
    }
  });

  it('stores no refresh token in plain text', async () => {
    const { refresh_token } = await loginAs(ctx.app, 'admin', 'admin-password');
    const next = parse(await refreshByBody(ctx.app, refresh_token));
    const rows = await ctx.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens);
    const stored = rows.map((row) => row.hash);
    expect(stored).not.toContain(refresh_token);
    expect(stored).not.toContain(next.refresh_token);
    expect(stored).toContain(hashToken(next.refresh_token));
  });

  it('takes a reuse after the 10 s grace as theft: the whole family is revoked', async () => {
    const { refresh_token } = await loginAs(ctx.app, 'admin', 'admin-password');
    const next = parse(await refreshByBody(ctx.app, refresh_token));
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '11 seconds'` })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh_token)));
    expect((await refreshByBody(ctx.app, refresh_token)).statusCode).toBe(401);
    expect((await refreshByBody(ctx.app, next.refresh_token)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/probe', headers: ctx.bearer(next.access_token) })).statusCode,
    ).toBe(401);
  });
});
