// The API's own description: every route declares what it reads and answers as shared zod
// schemas, and the OpenAPI 3.1 document at GET /api/openapi.json is generated from them (with a
// reference page at /api/docs, no session needed).
//
// THE CONVENTION (one line per route): put the shared schemas in the route's `schema`, on an
// instance with the zod type provider (`const api = withSchemas(app)`):
//
//   api.post('/projects/:pid/labels', {
//     schema: { params: projectParams, body: labelInputSchema, response: { 201: dataOf(labelSchema) } },
//     preHandler: requirePermission('LabelCreate'),
//   }, async (request) => request.body /* parsed by labelInputSchema, typed */);
//
// What that does, exactly as the handlers' own `schema.parse(request.body)` did before:
// - body and querystring are parsed by their zod schema; the handler reads the parsed value
//   (defaults filled, coercions done). `request.sentBody` keeps the body as sent, for partial
//   updates (`sentFields`).
// - a failed parse answers the same 422 error body (one translated message per field pointer,
//   errors.ts), and only after the route's preHandlers: 401/403 still come first.
// - path params are documented (`projectParams`, `projectItemParams`) but not refused here: a
//   malformed id keeps answering the resource's 404 (pathId in the handler).
// - response schemas only describe: the answer is sent as the handler made it.
// - a route without `schema` still appears in the document (without a body description).
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, SESSION_COOKIE } from '../../shared/constants.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as the client sent it, before its schema filled defaults (see sentFields). */
    sentBody: unknown;
  }
}

/** The route instance whose `schema` takes shared zod schemas and types the handler from them. */
export function withSchemas(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

const ULID_DESCRIPTION = 'A ULID (26 characters); any other value answers the 404 of the resource';
const pathIdSchema = z.string().describe(ULID_DESCRIPTION);
/** `{pid}` of a project's collection. */
export const projectParams = z.object({ pid: pathIdSchema });
/** `{id}` of a top-level resource. */
export const idParams = z.object({ id: pathIdSchema });
/** `{pid}` and `{id}` of one item in a project. */
export const projectItemParams = z.object({ pid: pathIdSchema, id: pathIdSchema });

/** The `{ data }` envelope of one resource. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
/** The `{ data, meta }` envelope of a list; `meta` may carry more than the paging (`extraMeta`). */
export const listOf = <T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(
  schema: T,
  extraMeta?: M,
) => z.object({ data: z.array(schema), meta: listMetaSchema.extend(extraMeta ?? ({} as M)) });

/**
 * 204 (and 202) answers: no body. Described as JSON null, which the document writes as an answer
 * without content; typed as nothing, so the handler's `reply.send()` stays as it is.
 */
export const noContent = z.null().describe('No content') as unknown as z.ZodType<undefined>;

/** An answer that is not JSON: a file, a page or a stream of the given content type. */
export const fileAnswer = (contentType: string, description: string) => ({
  description,
  // Typed as any payload: the handler sends a buffer, a stream or a string.
  content: {
    [contentType]: { schema: z.string().meta({ format: 'binary' }) as z.ZodType<unknown> },
  },
});

type Part = 'body' | 'querystring' | 'params' | 'headers';

/**
 * Parses one part of the request with its zod schema. A failure is the ZodError itself, so the
 * error handler maps it like any other (errors.ts); params are only described (see above).
 */
function zodValidator({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const zodSchema = schema as z.ZodType;
  if ((httpPart as Part) === 'params' || (httpPart as Part) === 'headers')
    return (data: unknown) => ({ value: data });
  return (data: unknown) => {
    const result = zodSchema.safeParse(httpPart === 'body' ? (data ?? {}) : data);
    return result.success ? { value: result.data } : { error: result.error };
  };
}

/** Refuses a request whose schema validation failed, after the route's own preHandlers ran. */
const refuseInvalid: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw request.validationError;
};

/** The request validation of the API scope: zod, deferred until auth and permissions are checked. */
export function schemaValidationPlugin(api: FastifyInstance): void {
  api.setValidatorCompiler(zodValidator);
  // Response schemas describe the answer; they neither filter nor refuse it.
  api.setSerializerCompiler(() => (data) => JSON.stringify(data));
  api.decorateRequest('sentBody', undefined);
  api.addHook('preValidation', async (request: FastifyRequest) => {
    request.sentBody = request.body;
  });
  api.addHook('onRoute', (route) => {
    if (!route.schema) return;
    route.attachValidation = true;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, refuseInvalid];
  });
}

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = `${API_BASE}/docs`;

// A schema nothing can write in JSON Schema (a custom check) is described as any value.
const zodToJsonSchema = createJsonSchemaTransform({
  skipList: [],
  zodToJsonConfig: { unrepresentable: 'any' },
});

/**
 * Only the API is described: the scan service, the operations endpoints (docs/deploy.md), the
 * dashboard's files, the payment provider's webhook and this page itself are not part of it.
 */
const isDescribed = (url: string) =>
  url.startsWith(`${API_BASE}/`) && !url.startsWith(DOCS_PATH) && url !== OPENAPI_PATH;

/**
 * @fastify/swagger collects the routes registered after it in this scope; the document and the
 * reference page are public (they describe, they hold no data).
 */
export async function openApiPlugin(web: FastifyInstance) {
  await web.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'QR hub API',
        // The API's version (its paths are not versioned; changes are additive).
        version: '1',
        description:
          'Dynamic QR codes and short links. Flows, errors and examples: docs/api.md. ' +
          'Every error answers `{ errors: [{ code, detail, source?: { pointer }, meta? }] }`; ' +
          'invalid input is a 422 with one error per field.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The dashboard session (`__Host-sid` on https), from POST /api/login. ' +
              'State-changing requests also need a `Client-Type: dashboard` header.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`qrk_…`) of one project, created under the project settings; ' +
              'send it with the `Client-Type: api` header (clientType).',
          },
          clientType: {
            type: 'apiKey',
            in: 'header',
            name: 'Client-Type',
            description: '`api` with an API key; `dashboard` with the session cookie.',
          },
        },
      },
      security: [
        { session: [], clientType: [] },
        { apiKey: [], clientType: [] },
      ],
    },
    transform: (document) =>
      isDescribed(document.url) ? zodToJsonSchema(document) : { schema: { hide: true }, url: '' },
  });
  await web.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    // Served from our own origin (no CDN), under the dashboard's CSP (app.ts).
    staticCSP: false,
    uiConfig: { deepLinking: true },
  });
  web.get(OPENAPI_PATH, { schema: { hide: true } }, async () => web.swagger());
}

/** The path parameters of a route by name, each a string its handler checks (see above). */
export const pathParams = <const N extends string>(...names: N[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<N, z.ZodString>);
