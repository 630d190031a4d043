import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { apiPath, errorResponseSchema, type AuthResponse } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { listenOnLoopback } from '../../helpers/net.js';
import { openSse, type SseStream } from '../../live/sse-client.js';
import { restoreUsers, snapshotUsers } from '../employee/reset.js';
import { addUser, loginAs, refreshByBody, registerProbe } from './helpers.js';

/** docs/security.md "Sessions" (ASVS 7.4.1), and so do a role or password change. */
describeOnOneDb('the end of a session', (kind) => {
  let ctx: TestContext;
  let base: string;
  let seeded: Awaited<ReturnType<typeof snapshotUsers>>;
  const streams: SseStream[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, registerProbe);
    base = await listenOnLoopback(ctx.app);
    seeded = await snapshotUsers(ctx.database);
  });
  afterEach(async () => {
    streams.splice(0).forEach((s) => s.close());
    await restoreUsers(ctx.database, seeded);
  });
  afterAll(async () => ctx.close());

  const probe = async (session: AuthResponse) =>
    (await ctx.app.inject({ url: '/probe', headers: ctx.bearer(session.access_token) })).statusCode;
  /** The 401's code: why the session ended, as the console reads it. */
  const refusal = async (res: Promise<{ statusCode: number; json(): unknown }>) => {
    const answer = await res;
    expect(answer.statusCode).toBe(401);
    return errorResponseSchema.parse(answer.json()).code;
  };
  const probeCode = (session: AuthResponse) =>
    refusal(ctx.app.inject({ url: '/probe', headers: ctx.bearer(session.access_token) }));
  const stream = async (session: AuthResponse) => {
    const s = await openSse(base + apiPath('sosRealTime'), ctx.bearer(session.access_token));
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitUntil(() => s.lastEventId !== undefined, 'the stream to open');
    return s;
  };
  const logout = (session: AuthResponse) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('logout'),
      payload: { refresh_token: session.refresh_token },
    });
  const patchUser = (id: number, by: AuthResponse, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/employee/${id}`,
      headers: ctx.bearer(by.access_token),
      payload,
    });

  it('logout refuses the access token from then on and ends its live stream within a second', async () => {
    const session = await loginAs(ctx.app, 'employee', 'employee-password');
    const other = await loginAs(ctx.app, 'employee', 'employee-password');
    const live = await stream(session);
    expect(await probe(session)).toBe(200);
    expect((await logout(session)).statusCode).toBe(204);
    const at = performance.now();
    expect(await probe(session)).toBe(401);
    await live.waitForEnd(1000);
    expect(performance.now() - at).toBeLessThan(1000);
    // A logout is no account change: the plain codes.
    expect(await refusal(refreshByBody(ctx.app, session.refresh_token))).toBe(
      'INVALID_REFRESH_TOKEN',
    );
    expect(await probeCode(session)).toBe('UNAUTHORIZED');
    // A new stream with the old token is refused too.
    const again = await openSse(base + apiPath('sosRealTime'), ctx.bearer(session.access_token));
    expect(again.status).toBe(401);
    // His login on another computer is another session: it goes on.
    expect(await probe(other)).toBe(200);
  });

  it("a password change ends the user's other sessions, not the one that made it", async () => {
    await addUser(ctx.database, 'maria', 'maria-password', 'SUPER_ADMIN');
    const here = await loginAs(ctx.app, 'maria', 'maria-password');
    const there = await loginAs(ctx.app, 'maria', 'maria-password');
    const thereStream = await stream(there);
    const hereStream = await stream(here);
    const res = await patchUser(here.id, here, {
      username: 'maria',
      email: 'maria@example.com',
      password: 'maria-new-password',
    });
    expect(res.statusCode).toBe(200);
    await thereStream.waitForEnd(1000);
    expect(await probeCode(there)).toBe('ACCOUNT_CHANGED');
    expect(await refusal(refreshByBody(ctx.app, there.refresh_token))).toBe('ACCOUNT_CHANGED');
    expect(await probe(here)).toBe(200);
    expect(hereStream.ended).toBe(false);
    expect((await refreshByBody(ctx.app, here.refresh_token)).statusCode).toBe(200);
  });

  it('a demotion by an administrator ends every session of the demoted user', async () => {
    const id = await addUser(ctx.database, 'luca', 'luca-password', 'SUPER_ADMIN');
    const admin = await loginAs(ctx.app, 'admin', 'admin-password');
    const luca = await loginAs(ctx.app, 'luca', 'luca-password');
    const lucaStream = await stream(luca);
    const res = await patchUser(id, admin, {
      username: 'luca',
      email: 'luca@example.com',
      role: 'EMPLOYEE',
    });
    expect(res.statusCode).toBe(200);
    await lucaStream.waitForEnd(1000);
    // Every way back says why: a call, the stream's reconnection and the refresh.
    expect(await probeCode(luca)).toBe('ACCOUNT_CHANGED');
    const again = await openSse(base + apiPath('sosRealTime'), ctx.bearer(luca.access_token));
    expect(again.status).toBe(401);
    expect(errorResponseSchema.parse(await again.json()).code).toBe('ACCOUNT_CHANGED');
    expect(await refusal(refreshByBody(ctx.app, luca.refresh_token))).toBe('ACCOUNT_CHANGED');
    expect(await probe(admin)).toBe(200);
    // An edit that changes neither role nor password ends nothing.
    const luca2 = await loginAs(ctx.app, 'luca', 'luca-password');
    await patchUser(id, admin, { username: 'luca', email: 'luca2@example.com' });
    expect(await probe(luca2)).toBe(200);
  });

  it('a deletion by an administrator says so to the deleted user, on a call and the stream', async () => {
    const id = await addUser(ctx.database, 'sara', 'sara-password', 'EMPLOYEE');
    const admin = await loginAs(ctx.app, 'admin', 'admin-password');
    const sara = await loginAs(ctx.app, 'sara', 'sara-password');
    const saraStream = await stream(sara);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/employee/${id}`,
      headers: ctx.bearer(admin.access_token),
    });
    expect(res.statusCode).toBe(204);
    await saraStream.waitForEnd(1000);
    expect(await probeCode(sara)).toBe('ACCOUNT_CHANGED');
    const again = await openSse(base + apiPath('sosRealTime'), ctx.bearer(sara.access_token));
    expect(again.status).toBe(401);
    expect(errorResponseSchema.parse(await again.json()).code).toBe('ACCOUNT_CHANGED');
    // Her refresh tokens went with her: the console keeps the call's reason (tokenRefresh.ts).
    expect(await refusal(refreshByBody(ctx.app, sara.refresh_token))).toBe('INVALID_REFRESH_TOKEN');
  });
});
