// Errors the domain throws on purpose: what went wrong (kind), its code for the client, a
// sentence, and the field it concerns. The API's error plugin alone turns a kind into an HTTP
// status (api/plugins/errors.ts), so services know nothing of HTTP.
import type { ApiErrorCode, ApiErrorMeta } from '../../shared/errors.js';

export type DomainErrorKind =
  /** The request itself is malformed (not a field of it). */
  | 'bad_request'
  /** Nobody is signed in, or the credentials are wrong. */
  | 'unauthenticated'
  /** Signed in, but this actor may not do this. */
  | 'forbidden'
  /** It does not exist, or belongs to someone this actor may not see. */
  | 'not_found'
  /** A field breaks a rule; `pointer` names it. */
  | 'invalid'
  /** Too many attempts; `meta.retryAfter` says how long to wait. */
  | 'too_many_attempts'
  /** The account's trial or subscription is over: reading works, changing needs a payment. */
  | 'payment_required'
  /** A service we depend on (the mail server) did not answer; what was stored stays. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ApiErrorCode,
    detail: string,
    readonly pointer?: string,
    readonly meta?: ApiErrorMeta,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const unauthenticated = () =>
  new DomainError('unauthenticated', 'unauthenticated', 'You need to log in first');

export const forbidden = () =>
  new DomainError('forbidden', 'forbidden', 'You do not have permission to do this');

/** The resource's own not-found code; also answered for other customers' ids. */
export const notFound = (code: ApiErrorCode) =>
  new DomainError('not_found', code, 'The requested resource was not found');

/** One field breaks a rule, named by its JSON pointer. */
export const invalidField = (
  code: ApiErrorCode,
  pointer: string,
  detail: string,
  meta?: ApiErrorMeta,
) => new DomainError('invalid', code, detail, pointer, meta);

/** A 0-byte upload: nothing to store, and nothing any page could show. */
export const emptyFile = (pointer: string) =>
  invalidField('file_size', pointer, 'The file is empty; choose a file with content');

/** The customer's account may not change anything until it pays (trial_ended, subscription_canceled). */
export const paymentRequired = (code: 'trial_ended' | 'subscription_canceled') =>
  new DomainError(
    'payment_required',
    code,
    code === 'trial_ended' ? 'The 14 day trial has ended' : 'The subscription has been canceled',
  );

/** Too many failures from here: wait `seconds` (sent as Retry-After). */
export const tooManyAttempts = (seconds: number) =>
  new DomainError(
    'too_many_attempts',
    'too_many_attempts',
    `Too many failed attempts; try again in ${seconds} seconds`,
    undefined,
    { retryAfter: seconds },
  );

/** Runs `work`, moving a field error under `prefix` (an Action checked inside a QR code's body). */
export async function underPointer<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.pointer)
      throw new DomainError(
        error.kind,
        error.code,
        error.message,
        `${prefix}${error.pointer}`,
        error.meta,
      );
    throw error;
  }
}
