import type { FastifyInstance } from 'fastify';

/**
 * Every /api route's OpenAPI security is the authentication it runs, declared here once for
 * all route folders: a route whose onRequest hooks include `app.authenticate` takes a bearer
 * access token, one with `app.deviceAuth` the device API key; a route with neither (login)
 * declares none, and Kamailio's calls declare their shared secret themselves (routes/voice).
 * Registered before the route plugins, so no route file repeats it and the document cannot
 * disagree with the hook that guards the route.
 */
export function declareSecurity(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.security) return;
    const hooks = [route.onRequest ?? []].flat();
    if (hooks.includes(app.authenticate)) route.schema.security = [{ bearerAuth: [] }];
    else if (hooks.includes(app.deviceAuth)) route.schema.security = [{ apiKey: [] }];
  });
}
