import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { employeeListSchema, employeeSchema, errorResponseSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';

type Call = (ctx: TestContext) => InjectOptions & { method: 'GET' | 'POST' | 'PATCH' | 'DELETE' };

/** Each route with a request that succeeds for a super administrator. */
const ROUTES: Array<[string, Call, number]> = [
  ['GET /api/employee', () => ({ method: 'GET', url: '/api/employee' }), 200],
  [
    'GET /api/employee/:id',
    (ctx) => ({ method: 'GET', url: `/api/employee/${ctx.employee.id}` }),
    200,
  ],
  [
    'POST /api/employee',
    () => ({
      method: 'POST',
      url: '/api/employee',
      payload: {
        username: `new-${Math.random()}`,
        email: 'new@example.com',
        password: 'new-password',
      },
    }),
    201,
  ],
  [
    'PATCH /api/employee/:id',
    (ctx) => ({
      method: 'PATCH',
      url: `/api/employee/${ctx.employee.id}`,
      payload: { username: 'employee', email: 'employee@example.org' },
    }),
    200,
  ],
];

describeOnOneDb('employee routes: who may call them', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const deleteCall: Call = (c) => ({ method: 'DELETE', url: `/api/employee/${c.employee.id}` });
  const all: Array<[string, Call, number]> = [
    ...ROUTES,
    ['DELETE /api/employee/:id', deleteCall, 204],
  ];

  it.each(all)('%s: anonymous → 401 UNAUTHORIZED', async (_name, call) => {
    const res = await ctx.app.inject(call(ctx));
    expect(res.statusCode).toBe(401);
    expect(errorResponseSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it.each(all)('%s: EMPLOYEE → 403 FORBIDDEN', async (_name, call) => {
    const res = await ctx.app.inject({ ...call(ctx), headers: ctx.bearer(ctx.employee.token) });
    expect(res.statusCode).toBe(403);
    expect(errorResponseSchema.parse(res.json()).code).toBe('FORBIDDEN');
  });

  it.each(all)(
    '%s: expired, forged, wrong-algorithm, alg-none and garbage tokens → 401',
    async (_name, call) => {
      const tokens = await badTokens(ctx.admin.id);
      for (const name of BAD_TOKEN_NAMES) {
        const res = await ctx.app.inject({ ...call(ctx), headers: ctx.bearer(tokens[name]!) });
        expect(res.statusCode, name).toBe(401);
        expect(res.json().code, name).toBe(name === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
      }
    },
  );

  it.each(ROUTES)(
    '%s: SUPER_ADMIN → success in the contract shape',
    async (_name, call, status) => {
      const res = await ctx.app.inject({ ...call(ctx), headers: ctx.bearer(ctx.admin.token) });
      expect(res.statusCode).toBe(status);
      if (Array.isArray(res.json())) employeeListSchema.parse(res.json());
      else employeeSchema.parse(res.json());
    },
  );

  // Last: it removes the employee the other cases use.
  it('DELETE /api/employee/:id: SUPER_ADMIN → 204', async () => {
    const res = await ctx.app.inject({ ...deleteCall(ctx), headers: ctx.bearer(ctx.admin.token) });
    expect(res.statusCode).toBe(204);
  });
});
