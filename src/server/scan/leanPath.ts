// The scan redirect's lean path. A GET {scan base}/{code} whose answer is a plain 302 already in
// the cache is answered on node:http's request event, before Fastify builds its request and reply
// objects, routes, makes a child logger and runs its reply pipeline: together the largest share
// of a redirect's CPU that is neither the socket nor the database. Anything else — a code not in
// the cache, pages, gates, advertisements, smart rules, HEAD, a request a proxy forwarded, an
// app that is closing — goes to Fastify untouched. scan/plugin.ts decides which answers qualify;
// this module only reads the request as Fastify's route would.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { normaliseHost } from './normalise.js';
import { memoize } from './visitor.js';

/** What the scan pipeline reads of a request: the same fields a FastifyRequest has. */
export interface LeanRequest {
  method: string;
  ip: string;
  headers: IncomingMessage['headers'];
}

/**
 * A code as the URL carries it in its normal form. Anything the router or normaliseCode would
 * rewrite (percent-escapes, trailing punctuation, a longer segment than the router's 100
 * characters) goes the long way.
 */
const PLAIN_CODE = /^[A-Za-z0-9_-]{1,100}$/;

/** A Host header as the cache names it: Fastify's request.hostname (no port), normalised. */
const hostKey = (host: string) => normaliseHost(host[0] === '[' ? '' : host.split(':', 1)[0]);

/**
 * hostKey behind a small cache: a server answers a handful of host names, and normalising one
 * (trim, lower case, two replacements and a pattern) cost more than the rest of the lean path's
 * reading of the request.
 */
export const createHostKeys = () => memoize(hostKey, 100);

/**
 * The cache keys of a GET {prefix}/{code}, or null when the request is not one the lean path may
 * answer exactly as Fastify would. `hostKeys` is a createHostKeys().
 */
export function leanScanKeys(
  request: IncomingMessage,
  prefix: string,
  trustProxy: boolean,
  hostKeys: (host: string | undefined) => string,
): { code: string; host: string } | null {
  const url = request.url;
  if (request.method !== 'GET' || !url?.startsWith(prefix) || url[prefix.length] !== '/') {
    return null;
  }
  // Behind a trusted proxy Fastify takes the address and host from these headers.
  const headers = request.headers;
  if (trustProxy && (headers['x-forwarded-for'] || headers['x-forwarded-host'])) return null;
  const query = url.indexOf('?');
  const code = url.slice(prefix.length + 1, query < 0 ? undefined : query);
  if (!PLAIN_CODE.test(code)) return null;
  return { code, host: hostKeys(headers.host) };
}

/**
 * Puts `answer` in front of the server's request handler (Fastify's): a request it answered
 * (true) goes no further. Returns the undo.
 */
export function answerFirst(
  server: Server,
  answer: (request: IncomingMessage, response: ServerResponse) => boolean,
): () => void {
  const handlers = server.listeners('request') as ((...args: unknown[]) => void)[];
  if (handlers.length !== 1) return () => {};
  const [fastify] = handlers;
  const first = (request: IncomingMessage, response: ServerResponse) => {
    if (!answer(request, response)) fastify(request, response);
  };
  server.off('request', fastify).on('request', first);
  return () => {
    server.off('request', first).on('request', fastify);
  };
}
