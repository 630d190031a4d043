import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/** The charset a content type names (`; charset=UTF-8`, quoted or not), lower case; null when none. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * `content-type: application/json` with an empty body is a call without a body, not a
 * malformed one: clients that always set the type (fetch wrappers, proxies) then work on
 * every bodyless call (close, delete, the spec's query-only refresh). A route whose body is
 * required still says so, naming the field. Anything else is parsed as Fastify always does.
 * A body declared in another charset than UTF-8 (`utf-16`, `bogus`) is 415: read as UTF-8 it
 * would be other text than the client meant (RFC 8259 JSON is UTF-8).
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
      return done(
        new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported charset: send JSON in UTF-8'),
        undefined,
      );
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body', fastify: '5.x' });
