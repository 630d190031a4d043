import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/**
 * `content-type: application/json` with an empty body is a call without a body, not a
 * malformed one: clients that always set the type (fetch wrappers, proxies) then work on
 * every bodyless call (close, delete, the spec's query-only refresh). A route whose body is
 * required still says so, naming the field. Anything else is parsed as Fastify always does.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body', fastify: '5.x' });
