import { afterAll, beforeAll, it } from 'vitest';
import fc from 'fast-check';
import { API_KEY_HEADER, apiPath, IDEMPOTENCY_KEY_HEADER, type PathName } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import { bodyLike, deviceHeaders, expectNoServerError } from '../fixtures.js';

const ROUTES: PathName[] = ['deviceRegister', 'deviceSos', 'deviceHeartbeat'];

describeOnOneDb('device API: arbitrary input', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('never answers 5xx, whatever the JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), bodyLike, async (route, body) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: apiPath(route),
          headers: { ...deviceHeaders(ctx), 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expectNoServerError(res);
      }),
      { numRuns: 50 },
    );
  });

  it('never answers 5xx, whatever the raw body bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.string({ unit: 'binary', maxLength: 300 }),
        async (route, raw) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: apiPath(route),
            headers: { ...deviceHeaders(ctx), 'content-type': 'application/json' },
            payload: raw,
          });
          expectNoServerError(res);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('never answers 5xx, whatever the API key and Idempotency-Key headers', async () => {
    const printable = fc.string({ maxLength: 250 });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(ctx.apiKey), printable),
        fc.option(printable, { nil: undefined }),
        fc.stringMatching(/^[A-Za-z0-9._:-]{1,64}$/),
        async (apiKey, idempotencyKey, serial) => {
          const res = await ctx.app.inject({
            method: 'POST',
            url: apiPath('deviceSos'),
            headers: {
              [API_KEY_HEADER]: apiKey,
              ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
            },
            payload: { serial },
          });
          expectNoServerError(res);
        },
      ),
      { numRuns: 50 },
    );
  });
});
