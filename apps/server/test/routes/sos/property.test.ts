import { afterAll, beforeAll, it } from 'vitest';
import fc from 'fast-check';
import { apiPath } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos, expectNoServerError, idLike } from '../device/fixtures.js';

describeOnOneDb('SOS routes: arbitrary input', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await deviceWithOpenSos(ctx, 'prop-sos');
  });
  afterAll(async () => ctx.close());

  it('PATCH /api/sos/close never answers 5xx, whatever the sosId', async () => {
    await fc.assert(
      fc.asyncProperty(idLike, async (id) => {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `${apiPath('sosClose')}?sosId=${encodeURIComponent(id)}`,
          headers: ctx.bearer(ctx.employee.token),
        });
        expectNoServerError(res);
      }),
      { numRuns: 50 },
    );
  });

  it('PATCH /api/sos/close never answers 5xx, whatever the body and raw query string', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.jsonValue(),
        async (query, body) => {
          const res = await ctx.app.inject({
            method: 'PATCH',
            url: `${apiPath('sosClose')}?${encodeURI(query)}`,
            headers: { ...ctx.bearer(ctx.admin.token), 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expectNoServerError(res);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('GET /api/sos/getAll never answers 5xx, whatever the query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100 }), async (query) => {
        const res = await ctx.app.inject({
          url: `${apiPath('sosGetAll')}?${encodeURIComponent(query)}`,
          headers: ctx.bearer(ctx.admin.token),
        });
        expectNoServerError(res);
      }),
      { numRuns: 50 },
    );
  });
});
