import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createTestApp, describeEachDb, TEST_ENV, type TestContext } from '../../helpers/app.js';
import { listen, raiseSos } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';
import { shortLivedToken } from '../../helpers/tokens.js';

describeEachDb('GET /api/sos/realTime: how streams end', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  const connect = async (token: string, at = url) => {
    const stream = await openSse(at, ctx.bearer(token));
    open.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    url = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  it('ends the stream when its access token expires', async () => {
    const expiring = await connect(await shortLivedToken(ctx.admin.id, 2, ctx.admin.sessionId));
    const lasting = await connect(ctx.admin.token);
    await expiring.waitForEnd(5000);
    // The other stream is untouched and still live.
    await raiseSos(ctx.app.db, 1, 1);
    await lasting.waitForEvents(1);
    expect(lasting.ended).toBe(false);
    expect(expiring.events).toEqual([]);
  });

  it('disconnectUser ends that user’s streams only', async () => {
    const employee = [await connect(ctx.employee.token), await connect(ctx.employee.token)];
    const admin = await connect(ctx.admin.token);
    await ctx.app.live.disconnectUser(ctx.employee.id);
    await Promise.all(employee.map((s) => s.waitForEnd()));
    await raiseSos(ctx.app.db, 1, 2);
    await admin.waitForEvents(1);
    expect(admin.ended).toBe(false);
    expect(ctx.app.live.streamCount()).toBe(1);
  });

  it('closing the server ends its streams, suggesting a quick reconnection', async () => {
    const app = await buildApp({ env: TEST_ENV, database: ctx.database, closeDatabase: false });
    const stream = await connect(ctx.admin.token, await listen(app));
    await app.close();
    await stream.waitForEnd();
    expect(stream.retries).toEqual([2000, 1000]);
  });
});
