import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, authResponseSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { call, FROM, recorded, recordedOnce } from './fixtures.js';

describeEachDb('audit log: sign-in, users and settings from the API', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const admin = () => ({ id: ctx.admin.id, username: 'admin' });
  const login = (username: string, password: string) =>
    call(ctx, 'POST', apiPath('login'), undefined, { username, password });

  it('records a login with the user and the address, and a logout once', async () => {
    let refresh = '';
    const record = await recordedOnce(ctx, async () => {
      refresh = authResponseSchema.parse(
        (await login('admin', 'admin-password')).json(),
      ).refresh_token;
    });
    expect(record).toMatchObject({
      action: 'LOGIN',
      actor: admin(),
      address: FROM,
      target: { type: 'USER', id: ctx.admin.id, label: 'admin' },
      details: null,
    });
    const out = await recordedOnce(ctx, () =>
      call(ctx, 'POST', apiPath('logout'), undefined, { refresh_token: refresh }),
    );
    expect(out).toMatchObject({
      action: 'LOGOUT',
      actor: admin(),
      address: FROM,
      target: { type: 'USER', id: ctx.admin.id },
    });
    // The session has ended already: nothing happens, nothing is recorded.
    expect(
      await recorded(ctx, () =>
        call(ctx, 'POST', apiPath('logout'), undefined, { refresh_token: refresh }),
      ),
    ).toEqual([]);
  });

  it('records a failed login: a known user as the target, an unknown name only as a keyed hash', async () => {
    const known = await recordedOnce(ctx, () => login('employee', 'not-his-password'));
    expect(known).toMatchObject({
      action: 'LOGIN_FAILED',
      actor: null,
      address: FROM,
      target: { type: 'USER', id: ctx.employee.id, label: 'employee' },
      details: null,
    });
    const typed = 'Tr0ub4dor&3-in-the-wrong-field';
    const unknown = await recordedOnce(ctx, () => login(typed, 'whatever'));
    expect(unknown).toMatchObject({ action: 'LOGIN_FAILED', actor: null, target: null });
    expect(unknown.details).toEqual({ usernameHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(unknown)).not.toContain('Tr0ub4dor');
    // The same name again (any case) correlates; another name does not.
    const again = await recordedOnce(ctx, () => login(typed.toUpperCase(), 'whatever'));
    const other = await recordedOnce(ctx, () => login('somebody-else', 'whatever'));
    expect(again.details).toEqual(unknown.details);
    expect(other.details).not.toEqual(unknown.details);
  });

  it('records users created, updated (the names of the fields changed) and deleted', async () => {
    let id = 0;
    const created = await recordedOnce(ctx, async () => {
      const res = await call(ctx, 'POST', apiPath('employee'), ctx.admin.token, {
        username: 'carla',
        email: 'carla@example.it',
        password: 'carla-password-1',
      });
      id = res.json<{ id: number }>().id;
    });
    expect(created).toMatchObject({
      action: 'USER_CREATED',
      actor: admin(),
      address: FROM,
      target: { type: 'USER', id, label: 'carla' },
    });
    const url = apiPath('employee') + `/${id}`;
    const updated = await recordedOnce(ctx, () =>
      call(ctx, 'PATCH', url, ctx.admin.token, {
        username: 'carla',
        email: 'carla@example.org',
        password: 'carla-password-2',
      }),
    );
    expect(updated).toMatchObject({
      action: 'USER_UPDATED',
      target: { id, label: 'carla' },
      details: { fields: ['email', 'password'] },
    });
    const renamed = await recordedOnce(ctx, () =>
      call(ctx, 'PATCH', url, ctx.admin.token, {
        username: 'carla.b',
        email: 'carla@example.org',
        role: 'SUPER_ADMIN',
      }),
    );
    expect(renamed).toMatchObject({
      target: { label: 'carla.b' },
      details: { fields: ['username', 'role'] },
    });
    const deleted = await recordedOnce(ctx, () => call(ctx, 'DELETE', url, ctx.admin.token));
    expect(deleted).toMatchObject({
      action: 'USER_DELETED',
      actor: admin(),
      target: { type: 'USER', id, label: 'carla.b' },
    });
  });

  it('records the API key changed, never the key', async () => {
    const record = await recordedOnce(ctx, () =>
      call(ctx, 'POST', apiPath('confApiKey'), ctx.admin.token, {
        apiKey: 'Key-Nobody-Should-Read-42',
      }),
    );
    expect(record).toMatchObject({
      action: 'API_KEY_CHANGED',
      actor: admin(),
      target: { type: 'CONF', id: 'apiKey', label: 'apiKey' },
      details: null,
    });
  });

  it('records the alarm settings before and after', async () => {
    const record = await recordedOnce(ctx, () =>
      call(ctx, 'POST', apiPath('confAlarm'), ctx.admin.token, { ackTargetSeconds: 90 }),
    );
    expect(record).toMatchObject({
      action: 'ALARM_CONF_CHANGED',
      target: { type: 'CONF', id: 'alarm', label: 'alarm' },
      details: {
        before: { ackTargetSeconds: 60, offlineAfterSeconds: 300 },
        after: { ackTargetSeconds: 90, offlineAfterSeconds: 300 },
      },
    });
  });

  it('records nothing for a change refused: bad input, a conflict, an unknown target, no right', async () => {
    const refused = [
      () =>
        call(ctx, 'POST', apiPath('employee'), ctx.admin.token, {
          username: 'dino',
          email: 'not-an-email',
          password: 'dino-password-1',
        }),
      () =>
        call(ctx, 'POST', apiPath('employee'), ctx.admin.token, {
          username: 'EMPLOYEE',
          email: 'e@example.it',
          password: 'dino-password-1',
        }),
      () => call(ctx, 'DELETE', apiPath('employee') + `/${ctx.admin.id}`, ctx.admin.token),
      () =>
        call(ctx, 'PATCH', apiPath('employee') + '/999999', ctx.admin.token, {
          username: 'x1',
          email: 'x@example.it',
        }),
      () => call(ctx, 'POST', apiPath('confApiKey'), ctx.admin.token, { apiKey: 'ab' }),
      () => call(ctx, 'POST', apiPath('confAlarm'), ctx.admin.token, { ackTargetSeconds: 1 }),
      () => call(ctx, 'POST', apiPath('confAlarm'), ctx.employee.token, { ackTargetSeconds: 30 }),
    ];
    for (const attempt of refused) {
      const records = await recorded(ctx, async () =>
        expect((await attempt()).statusCode).toBeGreaterThanOrEqual(400),
      );
      expect(records).toEqual([]);
    }
  });
});
