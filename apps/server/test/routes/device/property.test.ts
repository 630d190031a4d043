import { afterAll, beforeAll, it } from 'vitest';
import fc from 'fast-check';
import { apiPath, deviceListSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { expectNoServerError, idLike, register } from './fixtures.js';

describeOnOneDb('device console routes: arbitrary input', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await register(ctx, 'prop-console');
  });
  afterAll(async () => ctx.close());

  it('DELETE /api/device/delete never answers 5xx, whatever the id', async () => {
    await fc.assert(
      fc.asyncProperty(idLike, fc.boolean(), async (id, asAdmin) => {
        const res = await ctx.app.inject({
          method: 'DELETE',
          url: `${apiPath('deviceDelete')}?id=${encodeURIComponent(id)}`,
          headers: ctx.bearer(asAdmin ? ctx.admin.token : ctx.employee.token),
        });
        expectNoServerError(res);
      }),
      { numRuns: 50 },
    );
  });

  it('DELETE /api/device/delete never answers 5xx, whatever the raw query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (query) => {
        const res = await ctx.app.inject({
          method: 'DELETE',
          url: `${apiPath('deviceDelete')}?${encodeURI(query)}`,
          headers: ctx.bearer(ctx.admin.token),
        });
        expectNoServerError(res);
      }),
      { numRuns: 50 },
    );
  });

  it('GET /api/device/getAll stays a valid list whatever the query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), async (query) => {
        const res = await ctx.app.inject({
          url: `${apiPath('deviceGetAll')}?${encodeURIComponent(query)}`,
          headers: ctx.bearer(ctx.employee.token),
        });
        expectNoServerError(res);
        deviceListSchema.parse(res.json());
      }),
      { numRuns: 50 },
    );
  });
});
