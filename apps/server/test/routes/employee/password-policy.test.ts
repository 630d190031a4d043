import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';

/** NIST SP 800-63B for new passwords: 12 for a super administrator, 8 otherwise, none common. */
describeOnOneDb('new passwords', (kind) => {
  let ctx: TestContext;
  let n = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(() => ctx.close());

  const create = (password: string, role: 'EMPLOYEE' | 'SUPER_ADMIN' = 'EMPLOYEE') => {
    n += 1;
    return ctx.app.inject({
      method: 'POST',
      url: apiPath('employee'),
      headers: ctx.bearer(ctx.admin.token),
      payload: { username: `pw-${n}`, email: `pw-${n}@example.com`, password, role },
    });
  };

  it.each(['password', '12345678', 'Password', 'qwertyuiop', 'iloveyou'])(
    '%s is a 400 naming body.password: a common password',
    async (password) => {
      const res = await create(password);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'body.password: is one of the most common passwords: choose another',
      );
    },
  );

  it('a super administrator needs 12 characters, on creation and on a change keeping the role', async () => {
    const short = await create('tram-9-volt', 'SUPER_ADMIN');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^body\.password: must be at least 12 characters/);
    expect((await create('tram-9-volts', 'SUPER_ADMIN')).statusCode).toBe(201);
    expect((await create('tram-9-v')).statusCode).toBe(201);
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: `${apiPath('employee')}/${ctx.admin.id}`,
      headers: ctx.bearer(ctx.admin.token),
      payload: { username: 'admin', email: 'admin@example.com', password: 'tram-9-volt' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toMatch(/^body\.password: must be at least 12/);
  });
});
