// The one fetch wrapper of the dashboard: credentials, Client-Type, and the HTTP rules of SPEC §8.
import { HttpError } from 'react-admin';
import { API_BASE } from '../../shared/constants';
import { apiErrorKey, isApiErrorBody, pointerToPath, type ApiError } from '../../shared/errors';
import { currentPath, isPublicPath, loginUrlWithReturn, navigateTo } from '../navigation';

/** The /error page's query for a 402: the subscription needs attention. */
export const PAYMENT_REQUIRED_REASON = 'subscription';

/** A field error the way react-admin's inputs translate it: a key with its arguments. */
export interface FieldError {
  message: string;
  args: Record<string, unknown>;
}

/**
 * react-admin's setSubmissionErrors walks nested objects, so a `{message, args}` value would be
 * split into sub-fields; its ValidationError accepts this prefixed JSON string instead and
 * translates the message with its args. `body.errors` carries those strings, `body.fieldErrors`
 * the same errors as objects.
 */
const RA_ERROR_PREFIX = '@@react-admin@@';

export interface ApiHttpErrorBody {
  errors: Record<string, string>;
  fieldErrors: Record<string, FieldError>;
  apiErrors: ApiError[];
}

export class ApiHttpError extends HttpError {
  declare body: ApiHttpErrorBody;
  readonly code: string;
  constructor(message: string, status: number, body: ApiHttpErrorBody, code: string) {
    super(message, status, body);
    this.code = code;
    Object.setPrototypeOf(this, ApiHttpError.prototype);
  }
}

export function toFieldErrors(apiErrors: ApiError[]): Record<string, FieldError> {
  const result: Record<string, FieldError> = {};
  for (const error of apiErrors) {
    const path = error.source?.pointer ? pointerToPath(error.source.pointer) : '';
    const key = path || 'root';
    if (result[key]) continue;
    result[key] = { message: apiErrorKey(error.code), args: { ...(error.meta ?? {}) } };
  }
  return result;
}

export function formErrorString(error: FieldError): string {
  const args = { ...error.args };
  // Polyglot fills %{values} from a string, not an array.
  if (Array.isArray(args.values)) args.values = args.values.join(', ');
  return RA_ERROR_PREFIX + JSON.stringify({ message: error.message, args });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Auth calls handle 401 themselves (the login form shows it; logout ignores it). */
  skipAuthRedirect?: boolean;
  /** A file download: a successful answer comes back as a Blob in `json`. */
  blob?: boolean;
  /** Lets a screen drop an answer it no longer wants (a preview typed over). */
  signal?: AbortSignal;
  /** The Accept header; a `text/…` answer (a preview page) comes back as its text in `json`. */
  accept?: string;
  /** With `blob`: sees each received piece of the file as it streams in (progress). */
  onChunk?: (chunk: Uint8Array, headers: Headers) => void;
}

/** The body as a Blob, handing each piece to `onChunk` while it arrives. */
async function readBlob(response: Response, onChunk?: RequestOptions['onChunk']): Promise<Blob> {
  if (!onChunk || !response.body) return response.blob();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    parts.push(part.value);
    onChunk(part.value, response.headers);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
}

export interface ApiResponse<T> {
  status: number;
  json: T;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    'Client-Type': 'dashboard',
  };
  // A FormData body (an upload) sets its own multipart Content-Type with the boundary; a file
  // (Blob) goes as the body itself, as a script would send it.
  const isForm = options.body instanceof FormData;
  const isFile = options.body instanceof Blob;
  if (isFile) headers['Content-Type'] = 'application/octet-stream';
  else if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body:
        isForm || isFile
          ? (options.body as FormData | Blob)
          : options.body !== undefined
            ? JSON.stringify(options.body)
            : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    // Network failures become the same errors object as a server error (SPEC §8).
    const apiErrors: ApiError[] = [
      { code: 'internal', detail: cause instanceof Error ? cause.message : String(cause) },
    ];
    throw new ApiHttpError(
      'app.notification.network_error',
      0,
      { errors: {}, fieldErrors: {}, apiErrors },
      'network_error',
    );
  }

  if (response.ok && options.blob) {
    return { status: response.status, json: (await readBlob(response, options.onChunk)) as T };
  }
  const text = response.status === 204 ? '' : await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  // A page (a preview) comes back as its text.
  if (response.ok && options.accept?.startsWith('text/'))
    return { status: response.status, json: text as T };
  if (response.ok) return { status: response.status, json: json as T };

  const apiErrors: ApiError[] = isApiErrorBody(json)
    ? json.errors
    : [{ code: 'internal', detail: response.statusText }];
  const code = apiErrors[0]?.code ?? 'internal';
  const fieldErrors = response.status === 422 ? toFieldErrors(apiErrors) : {};
  const errors: Record<string, string> = {};
  for (const [fieldPath, error] of Object.entries(fieldErrors)) {
    errors[fieldPath] = formErrorString(error);
  }
  const error = new ApiHttpError(
    apiErrorKey(code),
    response.status,
    { errors, fieldErrors, apiErrors },
    code,
  );

  const here = window.location.pathname;
  if (response.status === 401 && !options.skipAuthRedirect && !isPublicPath(here)) {
    clearIdentityCache();
    navigateTo(loginUrlWithReturn(currentPath()));
  } else if (response.status === 402 && here !== '/error') {
    // Only a 402 is about the subscription; /error alone says something went wrong (issue 13).
    navigateTo(`/error?reason=${PAYMENT_REQUIRED_REASON}&code=${encodeURIComponent(code)}`);
  }
  throw error;
}

// The identity cache lives here (not in the authProvider) so a 401 anywhere can clear it.
type IdentityListener = () => void;
let identityCacheClearers: IdentityListener[] = [];
export function onIdentityCacheClear(fn: IdentityListener): () => void {
  identityCacheClearers.push(fn);
  return () => {
    identityCacheClearers = identityCacheClearers.filter((f) => f !== fn);
  };
}
export function clearIdentityCache(): void {
  identityCacheClearers.forEach((fn) => fn());
}

/** The `data` of an answer `{ data }`: what most calls want. */
export async function apiData<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<{ data: T }>(path, options)).json.data;
}
