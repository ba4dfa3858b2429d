// An error a handler throws on purpose; the error plugin turns it into the API's error body.
import type { ApiErrorCode, ApiErrorMeta } from '../../shared/errors.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    detail: string,
    readonly pointer?: string,
    readonly meta?: ApiErrorMeta,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'You need to log in first');

export const forbidden = () =>
  new HttpError(403, 'forbidden', 'You do not have permission to do this');

/** 404 with the resource's own code; also answered for other customers' ids. */
export const notFound = (code: ApiErrorCode) =>
  new HttpError(404, code, 'The requested resource was not found');

/** 422 for one field, named by its JSON pointer. */
export const invalidField = (
  code: ApiErrorCode,
  pointer: string,
  detail: string,
  meta?: ApiErrorMeta,
) => new HttpError(422, code, detail, pointer, meta);
