import { afterAll, beforeAll, it } from 'vitest';
import fc from 'fast-check';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deviceWithOpenSos, expectNoServerError, idLike } from '../device/fixtures.js';

describeOnOneDb('alarm-handling routes: arbitrary input', (kind) => {
  let ctx: TestContext;
  let sosId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    ({ sosId } = await deviceWithOpenSos(ctx, 'prop-handling'));
  });
  afterAll(async () => ctx.close());

  it('POST /api/sos/ack and GET /api/sos/timeline never answer 5xx, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(
        idLike,
        fc.option(fc.string({ maxLength: 10 })),
        fc.boolean(),
        async (id, takeOver, admin) => {
          const query = `sosId=${encodeURIComponent(id)}${takeOver === null ? '' : `&takeOver=${encodeURIComponent(takeOver)}`}`;
          const headers = ctx.bearer(admin ? ctx.admin.token : ctx.employee.token);
          expectNoServerError(
            await ctx.app.inject({ method: 'POST', url: `${apiPath('sosAck')}?${query}`, headers }),
          );
          expectNoServerError(
            await ctx.app.inject({ url: `${apiPath('sosTimeline')}?${query}`, headers }),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('POST /api/sos/note never answers 5xx, whatever the text (NUL and lone surrogates included)', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 2100 }), fc.jsonValue());
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ text }), fc.jsonValue()), async (body) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `${apiPath('sosNote')}?sosId=${sosId}`,
          headers: { ...ctx.bearer(ctx.employee.token), 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expectNoServerError(res);
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/device/sos never answers 5xx, whatever the location', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ lat: fc.double(), lon: fc.double(), accuracyM: fc.option(fc.double()) }),
          fc.jsonValue(),
        ),
        async (location) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: apiPath('deviceSos'),
            headers: { [API_KEY_HEADER]: ctx.apiKey, 'content-type': 'application/json' },
            payload: JSON.stringify({ serial: 'prop-handling', location }),
          });
          expectNoServerError(res);
        },
      ),
      { numRuns: 40 },
    );
  });
});
