import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

const text = fc.oneof(
  fc.string(),
  fc.string({ minLength: 300, maxLength: 5000 }),
  fc.emailAddress(),
);
const userBody = fc.record(
  {
    id: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
    username: text,
    email: text,
    password: fc.oneof(text, fc.constant(''), fc.integer()),
    role: fc.oneof(fc.constantFrom('SUPER_ADMIN', 'EMPLOYEE'), fc.string()),
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(userBody, fc.jsonValue());
/** Path ids: numbers of every size and sign, and arbitrary text. */
const anyId = fc.oneof(
  fc.integer({ min: -5, max: 2_147_483_647 }).map(String),
  fc.double().map(String),
  fc.string({ minLength: 1 }).map(encodeURIComponent),
);

describeOnOneDb('employee routes never answer 5xx', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        ...ctx.bearer(ctx.admin.token),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  it('POST /api/employee with arbitrary bodies', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        expect((await call('POST', '/api/employee', body)).statusCode).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });

  it('PATCH /api/employee/:id with arbitrary ids and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyId, fc.constant(String(ctx.employee.id))),
        anyBody,
        async (id, body) => {
          expect((await call('PATCH', `/api/employee/${id}`, body)).statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('GET and DELETE /api/employee/:id with arbitrary ids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET' as const, 'DELETE' as const),
        anyId,
        async (method, id) => {
          expect((await call(method, `/api/employee/${id}`)).statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 50 },
    );
  });
});
