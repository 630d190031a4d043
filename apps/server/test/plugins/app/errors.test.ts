import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorResponseSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';

describeEachDb('errors and auth basics', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('answers unknown /api routes with a 404 JSON error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    const body = errorResponseSchema.parse(res.json());
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toContain('/api/nope');
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // The sounds kept in memory play from blob: URLs (docs/shift.md "Sounds kept").
    expect(csp).toContain("media-src 'self' blob:");
  });
});

describeEachDb('text the database cannot store', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, (app) => {
      app.post('/probe-nul', async (request) => {
        const { text } = request.body as { text: string };
        await app.database.db.execute(sql`SELECT ${text}::text`);
        return { ok: true };
      });
    });
  });
  afterAll(async () => ctx.close());

  it('answers 400, not 500, for a NUL character reaching PostgreSQL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/probe-nul',
      payload: { text: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });
});
