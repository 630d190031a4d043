import type { FastifyInstance } from 'fastify';

/**
 * Spec §7: authenticated calls send JSON headers, bodyless ones included (close, delete).
 * Fastify refuses `content-type: application/json` with an empty body; in the scope this is
 * called in (a route plugin), an empty body parses as no body instead, so a route whose body
 * is optional takes it and one that needs a body answers its usual 400 naming `body`.
 * Anything else goes to Fastify's own parser (prototype poisoning still refused).
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // a string: parseAs 'string'
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
