import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import consolePlugin from '../../../src/plugins/external/console.js';
import { createTestApp, type TestContext } from '../../helpers/app.js';

describe('serving the built console', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'sos-console-'));
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>SOS Console</title>');
    await writeFile(join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const js = 'console.log("sos");'.repeat(100);
    await writeFile(join(root, 'assets', 'app-1a2b.js'), js);
    await writeFile(join(root, 'assets', 'app-1a2b.js.gz'), gzipSync(js));
    ctx = await createTestApp('embedded', {}, async (app) => {
      await app.register(consolePlugin, { root });
    });
  });
  afterAll(async () => ctx.close());

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each([
    '/',
    '/login',
    '/sos',
    '/users',
    '/user',
    '/user/12',
    '/sos/history',
    '/sos/stats',
    '/settings',
  ])('answers the console route %s with index.html', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>SOS Console</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['curl (Accept: */*)', { accept: '*/*' }],
    ['a probe without Accept', {}],
    ['a JSON client', { accept: 'application/json' }],
  ])('answers a console route to any GET: %s', async (_who, headers) => {
    for (const url of ['/login', '/sos/history', '/user/7']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>SOS Console</title>');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/settings', headers });
    expect(head.statusCode).toBe(200);
  });

  it('leaves unknown paths a 404 for clients that do not ask for a page', async () => {
    const res = await ctx.app.inject({ url: '/nowhere/else', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends unknown pages to /login and unknown files a 404', async () => {
    const res = await page('/nowhere/else');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect((await ctx.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps API 404s as JSON even for browsers', async () => {
    const res = await page('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('serves pre-compressed assets with a long cache and a real robots.txt', async () => {
    const res = await ctx.app.inject({
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    const robots = await ctx.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /');
  });
});
