import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, CONSOLE_ROUTES } from '@sos/contract';

interface ConsolePluginOptions {
  /** The built console (apps/console/dist). */
  root: string;
}

/** The site root and every screen of the console's router (the contract's one table). */
const CONSOLE_PAGES = ['/', ...Object.values(CONSOLE_ROUTES)];

/**
 * Serves the built console: pre-compressed .br/.gz assets, long-lived caching of hashed
 * assets, index.html for the console's routes, whatever the Accept header (a probe or a
 * link checker sees the page a browser sees). Other page requests go to /login (docs/console.md:
 * unknown paths redirect to the login route); other files are 404.
 */
async function consolePlugin(app: FastifyInstance, options: ConsolePluginOptions) {
  await app.register(fastifyStatic, {
    root: options.root,
    preCompressed: true,
    wildcard: true,
    index: false,
    // Our own header below, not @fastify/send's `max-age=0`.
    cacheControl: false,
    setHeaders(response, path) {
      response.setHeader(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const sendPage = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  for (const url of CONSOLE_PAGES) app.get(url, { schema: { hide: true } }, sendPage);

  app.pageFallback = (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(API_PREFIX + '/') &&
      path !== API_PREFIX &&
      String(request.headers.accept ?? '').includes('text/html');
    return wantsPage ? reply.redirect(CONSOLE_ROUTES.login) : undefined;
  };
}

export default fp(consolePlugin, { name: 'console', dependencies: ['errors'], fastify: '5.x' });
