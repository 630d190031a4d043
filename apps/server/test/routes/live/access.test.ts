import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { badTokens, BAD_TOKEN_NAMES } from '../../helpers/tokens.js';
import { listen } from '../../live/helpers.js';
import { openSse, type SseStream } from '../../live/sse-client.js';

describeEachDb('GET /api/sos/realTime: access', (kind) => {
  let ctx: TestContext;
  let url: string;
  const open: SseStream[] = [];
  const connect = async (headers: Record<string, string> = {}) => {
    const stream = await openSse(url, headers);
    open.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    url = await listen(ctx.app);
  });
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  afterAll(async () => ctx.close());

  it('refuses an anonymous client with 401 JSON', async () => {
    const stream = await connect();
    expect(stream.status).toBe(401);
    expect(stream.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await stream.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it.each(BAD_TOKEN_NAMES)('refuses a %s token with 401 JSON', async (name) => {
    const tokens = await badTokens(ctx.admin.id);
    const stream = await connect(ctx.bearer(tokens[name]!));
    expect(stream.status).toBe(401);
    const body = (await stream.json()) as { code: string };
    expect(body.code).toBe(name === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
  });

  it.each(['admin', 'employee'] as const)('opens an event stream for the %s', async (who) => {
    const stream = await connect(ctx.bearer(ctx[who].token));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    // Helmet's headers survive the hijacked response.
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    // A retry hint, a comment, and the position to resume from.
    await stream.waitUntil(() => stream.lastEventId !== undefined, 'the resume position');
    expect(stream.retries).toEqual([2000]);
    expect(stream.comments.length).toBeGreaterThan(0);
    expect(stream.lastEventId).toMatch(/^\d+$/);
    expect(stream.events).toEqual([]);
  });

  it('is documented in the OpenAPI document as text/event-stream', async () => {
    const res = await ctx.app.inject({ url: '/documentation/json' });
    const doc = res.statusCode === 200 ? res.json() : ctx.app.swagger();
    const operation = doc.paths[apiPath('sosRealTime')].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.description).toContain('new-sos-closed');
    expect(operation.description).toContain('Last-Event-ID');
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
  });
});
