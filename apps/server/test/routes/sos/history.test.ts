import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_KEY_HEADER, apiPath, sosHistorySchema } from '@sos/contract';
import { users } from '../../../src/db/schema.js';
import { hashPassword } from '../../../src/lib/password.js';
import { openSession } from '../../../src/auth/sessions.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import { closeSos, deleteDevice, deviceWithOpenSos } from '../device/fixtures.js';

describeOnOneDb('GET /api/sos/getAll (history)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const getAll = (headers: Record<string, string>) =>
    ctx.app.inject({ url: apiPath('sosGetAll'), headers });
  const history = async () =>
    sosHistorySchema.parse((await getAll(ctx.bearer(ctx.admin.token))).json());

  it('lists closed SOS only, newest closure first, each with who closed it', async () => {
    expect(await history()).toEqual([]);
    const first = await deviceWithOpenSos(ctx, 'hist-1', 'First');
    const second = await deviceWithOpenSos(ctx, 'hist-2', 'Second');
    await deviceWithOpenSos(ctx, 'hist-open', 'Still open');
    // Closed in the opposite order of creation: the history follows closure time.
    await closeSos(ctx, second.sosId, ctx.admin.token);
    await closeSos(ctx, first.sosId, ctx.employee.token);
    const list = await history();
    expect(list.map((s) => s.id)).toEqual([first.sosId, second.sosId]);
    expect(list.every((s) => s.state === 'CLOSED' && s.dateClosed !== null)).toBe(true);
    expect(list[0]).toMatchObject({
      closedBy: { id: ctx.employee.id, username: 'employee' },
      device: { displayName: 'First' },
    });
    expect(list[1]).toMatchObject({
      closedBy: { id: ctx.admin.id, username: 'admin' },
      device: { displayName: 'Second' },
    });
  });

  it("keeps the closer's username after the user is deleted, and the name of a deleted device", async () => {
    const [temp] = await ctx.database.db
      .insert(users)
      .values({
        username: 'temp-operator',
        email: 'temp@example.com',
        role: 'EMPLOYEE',
        passwordHash: await hashPassword('temp-password'),
      })
      .returning({ id: users.id });
    const session = await openSession(ctx.database.db, temp!.id);
    const token = (
      await ctx.app.tokens.signAccess(
        { id: temp!.id, username: 'temp-operator', role: 'EMPLOYEE' },
        session,
      )
    ).token;
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'hist-gone', 'Gone device');
    expect((await closeSos(ctx, sosId, token)).statusCode).toBe(200);
    await ctx.database.db.delete(users).where(eq(users.id, temp!.id));
    await deleteDevice(ctx, deviceId);
    expect((await history()).find((s) => s.id === sosId)).toMatchObject({
      closedBy: { id: null, username: 'temp-operator' },
      device: { id: deviceId, displayName: 'Gone device' },
    });
  });

  it('refuses an employee with 403 (the history is for super administrators)', async () => {
    const res = await getAll(ctx.bearer(ctx.employee.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('refuses an anonymous call and the device API key with 401', async () => {
    expect((await getAll({})).statusCode).toBe(401);
    expect((await getAll({ [API_KEY_HEADER]: ctx.apiKey })).statusCode).toBe(401);
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401', async (name) => {
    const res = await getAll(ctx.bearer((await badTokens(ctx.admin.id))[name]!));
    expect(res.statusCode).toBe(401);
  });
});
