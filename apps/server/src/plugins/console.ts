import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@sos/contract';

export interface ConsolePluginOptions {
  /** The built console (apps/console/dist). */
  root: string;
}

/** Console routes (spec §2): the SPA answers these with index.html. */
const CONSOLE_ROUTES = [/^\/$/, /^\/login$/, /^\/sos$/, /^\/sos\/history$/, /^\/users$/, /^\/user(\/[^/]+)?$/, /^\/settings$/];

/**
 * Serves the built console: pre-compressed .br/.gz assets, long-lived caching of hashed
 * assets, index.html for the console's routes only. Other page requests go to /login
 * (spec §2: unknown paths redirect to the login route); other files are 404.
 */
async function consolePlugin(app: FastifyInstance, options: ConsolePluginOptions) {
  await app.register(fastifyStatic, {
    root: options.root,
    preCompressed: true,
    wildcard: true,
    index: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // The site root is the console (its router then picks /login or /sos).
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );

  app.pageFallback = (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(API_PREFIX + '/') &&
      path !== API_PREFIX &&
      String(request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return undefined;
    if (CONSOLE_ROUTES.some((route) => route.test(path))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.redirect('/login');
  };
}

export default fp(consolePlugin, { name: 'console', dependencies: ['errors'], fastify: '5.x' });
