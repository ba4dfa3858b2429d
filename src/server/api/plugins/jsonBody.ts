// JSON bodies, but an empty body counts as no body: browsers' fetch often sends
// `Content-Type: application/json` on DELETE without one, which Fastify would refuse.
import type { FastifyInstance } from 'fastify';

export function jsonBodyPlugin(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
