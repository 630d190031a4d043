import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { request } from 'undici';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { API_KEY_HEADER } from '@sos/contract';

const TOKEN = 'metrics-scraper-token-0123456789';

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return map;
}

describeEachDb('GET /metrics', (kind) => {
  let ctx: TestContext;
  const scrape = async (app = ctx.app) => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return { res, values: samples(res.body) };
  };
  const device = (url: string, serial: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { [API_KEY_HEADER]: ctx.apiKey },
      payload: url.endsWith('register') ? { serial, displayName: `Device ${serial}` } : { serial },
    });

  beforeAll(async () => {
    ctx = await createTestApp(kind, { SOS_RATE_LIMIT: 3, SOS_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => ctx.close());

  it('answers 404 without the bearer token, with another one, or with a malformed header', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(res.body).not.toContain('sos_');
    }
  });

  it('answers in the Prometheus text format, with process metrics, never rate limited', async () => {
    for (let i = 0; i < 5; i++) {
      const { res, values } = await scrape();
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      expect(values.get('sos_process_resident_memory_bytes')).toBeGreaterThan(0);
    }
  });

  it('times requests by route pattern, method and status (never the raw URL)', async () => {
    await ctx.app.inject({
      method: 'GET',
      url: `/api/employee/${ctx.employee.id}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/employee/999999',
      headers: ctx.bearer(ctx.admin.token),
    });
    await ctx.app.inject({ method: 'GET', url: '/no/such/page/42' });
    const { values, res } = await scrape();
    expect(
      values.get(
        'sos_http_request_duration_seconds_count{route="/api/employee/:id",method="GET",status="200"}',
      ),
    ).toBe(1);
    expect(
      values.get(
        'sos_http_request_duration_seconds_count{route="/api/employee/:id",method="GET",status="404"}',
      ),
    ).toBe(1);
    expect(
      values.get(
        'sos_http_request_duration_seconds_count{route="unmatched",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain('route="/api/employee/999999"');
    expect(res.body).not.toContain('/no/such/page');
  });

  it('counts the SOS open right now, from the database', async () => {
    const before = (await scrape()).values.get('sos_open_sos');
    expect(before).toBe(0);
    for (const serial of ['M-1', 'M-2']) {
      expect((await device('/api/device/register', serial)).statusCode).toBe(201);
      expect((await device('/api/device/sos', serial)).statusCode).toBe(201);
    }
    expect((await device('/api/device/sos', 'M-1')).statusCode).toBe(200); // still the same one
    expect((await scrape()).values.get('sos_open_sos')).toBe(2);
  });

  it('counts live events published and delivered', async () => {
    await vi.waitFor(
      async () => {
        const { values } = await scrape();
        // Two device registrations and two SOS above: four events.
        expect(values.get('sos_live_events_published_total')).toBeGreaterThanOrEqual(4);
        expect(values.has('sos_live_events_delivered_total')).toBe(true);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('counts refused logins by reason', async () => {
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'employee', password },
      });
    expect((await login('employee-password')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login('wrong-password')).statusCode);
    const { values } = await scrape();
    const refused = statuses.filter((s) => s === 401).length;
    const throttled = statuses.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(throttled).toBeGreaterThan(0);
    expect(values.get('sos_login_failures_total{reason="invalid_credentials"}')).toBe(refused);
    expect(values.get('sos_login_failures_total{reason="throttled"}')).toBe(throttled);
  });

  it('counts the live streams open on this process while they are open', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const stream = await request(`${address}/api/sos/realTime`, {
      headers: ctx.bearer(ctx.employee.token),
      signal: abort.signal,
    });
    expect(stream.statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await scrape()).values.get('sos_live_streams_open')).toBe(1),
    );
    abort.abort();
    await stream.body.dump().catch(() => {});
    await vi.waitFor(async () =>
      expect((await scrape()).values.get('sos_live_streams_open')).toBe(0),
    );
  });

  it('keeps each app its own registry', async () => {
    const other = await createTestApp(kind, { SOS_METRICS_TOKEN: TOKEN });
    try {
      const { values } = await scrape(other.app);
      expect(values.get('sos_login_failures_total{reason="invalid_credentials"}')).toBeUndefined();
      expect(values.get('sos_open_sos')).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describeEachDb('GET /metrics without SOS_METRICS_TOKEN', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('is off: 404 whatever the request carries', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Bearer anything' },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
