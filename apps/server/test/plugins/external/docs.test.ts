import { afterAll, beforeAll, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_PREFIX, LIVE_EVENTS, PATHS } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: Record<string, unknown>[]; description?: string }>
  >;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

/** Contract paths in OpenAPI's spelling: /employee/:id → /api/employee/{id}. */
const openApiPath = (path: string) => API_PREFIX + path.replace(/:(\w+)/g, '{$1}');

describeEachDb('API documentation', (kind) => {
  let ctx: TestContext;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => ctx.close());

  it('serves a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every route of the contract', () => {
    const missing = Object.values(PATHS)
      .map(openApiPath)
      .filter((p) => !doc.paths[p]);
    expect(missing).toEqual([]);
  });

  it('leaves out the probes, the metrics and the documentation itself', () => {
    const listed = Object.keys(doc.paths);
    expect(listed.filter((p) => !p.startsWith(`${API_PREFIX}/`))).toEqual([]);
    expect(
      listed.filter((p) => p.startsWith(`${API_PREFIX}/docs`) || p.endsWith('openapi.json')),
    ).toEqual([]);
  });

  it('documents every way to authenticate, and which calls use which', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'bearerAuth',
      'voiceSecret',
    ]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    expect(doc.paths[openApiPath(PATHS.deviceSos)]?.post?.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths[openApiPath(PATHS.deviceGetAll)]?.get?.security).toEqual([{ bearerAuth: [] }]);
    // Kamailio's calls carry the voice service's shared secret (docs/voice.md), no user's token.
    expect(doc.paths[openApiPath(PATHS.voiceEvents)]?.post?.security).toEqual([
      { voiceSecret: [] },
    ]);
    expect(doc.paths[openApiPath(PATHS.voiceRoute)]?.get?.security).toEqual([{ voiceSecret: [] }]);
  });

  it('declares on every call the authentication its hook demands, none only where none runs', () => {
    const open = [
      `post ${openApiPath(PATHS.login)}`,
      `post ${openApiPath(PATHS.refreshAuth)}`,
      `post ${openApiPath(PATHS.logout)}`,
    ];
    const undeclared = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.security)
        .map(([method]) => `${method} ${path}`),
    );
    expect(undeclared.sort()).toEqual(open.sort());
    // The profile's replacement once lacked its declaration; the device API's own calls take the key.
    expect(doc.paths[openApiPath(PATHS.deviceProfile)]?.put?.security).toEqual([
      { bearerAuth: [] },
    ]);
    expect(doc.paths[openApiPath(PATHS.deviceCheckin)]?.post?.security).toEqual([{ apiKey: [] }]);
  });

  it('describes the live stream and the data of each of its events', () => {
    const stream = doc.paths[openApiPath(PATHS.sosRealTime)]?.get;
    for (const name of Object.values(LIVE_EVENTS)) {
      expect(stream?.description).toContain(name);
      expect(doc.components.schemas[`LiveEvent_${name}`]).toMatchObject({ type: 'object' });
    }
  });

  it('serves Swagger UI at /api/docs under a CSP that allows no eval and no foreign script', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('./')).toBe(true); // same origin
      const res = await ctx.app.inject({
        method: 'GET',
        url: new URL(src, 'http://x/api/docs/').pathname,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
  });
});
