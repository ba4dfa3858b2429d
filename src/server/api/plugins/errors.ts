// The safe error handler: every failure answers the error body of docs/api.md. Domain errors get
// their HTTP status here and nowhere else. Messages are only
// passed on for client errors (< 500); a server error says nothing about its cause.
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../../shared/errors.js';
import { zodErrorToApiErrors } from '../../../shared/validation.js';
import { DomainError, type DomainErrorKind } from '../../domain/errors.js';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * The multipart parser (busboy) reports a body that is not well-formed multipart — no boundary,
 * cut off, a broken part header — as a plain Error; it is the client's fault, not ours.
 */
const MALFORMED_MULTIPART =
  /^Multipart: |unexpected end of multipart data|^Malformed part header|^Unexpected end of form/i;

/** The one place a domain error becomes an HTTP status. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 422,
  too_many_attempts: 429,
  payment_required: 402,
  unavailable: 503,
};

/**
 * A full disk or database, however it reports itself: Node's ENOSPC/EDQUOT, SQLite's SQLITE_FULL,
 * PostgreSQL's disk_full (53100), also when wrapped in another error's cause.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100')
      return true;
    if (
      typeof message === 'string' &&
      /database or disk is full|no space left on device/i.test(message)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof DomainError) {
      const body: ApiErrorBody = {
        errors: [
          {
            code: error.code,
            detail: error.message,
            ...(error.pointer ? { source: { pointer: error.pointer } } : {}),
            ...(error.meta ? { meta: error.meta } : {}),
          },
        ],
      };
      // A throttle that knows how long to wait says so (RFC 9110 Retry-After, in seconds).
      if (typeof error.meta?.retryAfter === 'number')
        reply.header('retry-after', String(error.meta.retryAfter));
      return reply.code(STATUS_OF[error.kind]).send(body);
    }
    if (error instanceof ZodError) {
      return reply.code(422).send({ errors: zodErrorToApiErrors(error) } satisfies ApiErrorBody);
    }
    if (isStorageFull(error)) {
      // The real cause goes to the log; the client learns it can retry later, nothing was kept.
      request.log.error({ err: error }, 'storage full: the change was not stored');
      return reply.code(507).send({
        errors: [
          {
            code: 'storage_full',
            detail: 'The server has no room to store this right now; nothing was saved',
          },
        ],
      } satisfies ApiErrorBody);
    }
    const fastifyError = (error ?? {}) as FastifyLikeError;
    if (
      fastifyError.statusCode === undefined &&
      MALFORMED_MULTIPART.test(fastifyError.message ?? '')
    ) {
      return reply.code(400).send({
        errors: [
          {
            code: 'invalid',
            detail: 'The upload is not well-formed multipart/form-data (it may have been cut off)',
          },
        ],
      } satisfies ApiErrorBody);
    }
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, too large a body, a wrong content type.
      const code = status === 429 ? 'too_many_attempts' : 'invalid';
      return reply.code(status).send({
        errors: [{ code, detail: fastifyError.message ?? 'Bad request' }],
      } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({
      errors: [{ code: 'internal', detail: 'Something went wrong' }],
    } satisfies ApiErrorBody);
  });
}
