// POST /api/file/{mediaId} with XMLHttpRequest, because fetch cannot report upload progress
// (SPEC §7 "file body, with upload progress reported"; docs/api-content.md "Media").
import { ulid } from 'ulidx';
import { API_BASE } from '../../shared/constants';
import { apiErrorKey, isApiErrorBody, type ApiError } from '../../shared/errors';
import type { MediaKind } from '../../shared/media';
import { currentPath, loginUrlWithReturn, navigateTo } from '../navigation';

/** What the file API answers with (201 `{ data: Media }`). */
export interface UploadedMedia {
  id: string;
  name: string;
  kind: MediaKind;
  mimeType: string;
  size: number;
  versions: { original: string };
}

export type UploadResult =
  | { status: 'done'; media: UploadedMedia }
  | { status: 'error'; httpStatus: number; error: ApiError };

export interface UploadRequest {
  projectId: string;
  kind: MediaKind;
  file: File;
  /** 0…100 */
  onProgress?: (percent: number) => void;
  /** A new ULID per file; chosen here unless a caller needs it beforehand. */
  mediaId?: string;
}

export interface UploadHandle {
  mediaId: string;
  promise: Promise<UploadResult>;
  abort: () => void;
}

function parseError(xhr: XMLHttpRequest): ApiError {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (isApiErrorBody(body) && body.errors[0]) return body.errors[0];
  } catch {
    // not JSON: fall through
  }
  return { code: 'internal', detail: xhr.statusText || 'upload failed' };
}

export function uploadMedia({
  projectId,
  kind,
  file,
  onProgress,
  mediaId = ulid(),
}: UploadRequest): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', `${API_BASE}/file/${mediaId}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Client-Type', 'dashboard');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as { data: UploadedMedia };
          onProgress?.(100);
          resolve({ status: 'done', media: body.data });
        } catch {
          resolve({ status: 'error', httpStatus: xhr.status, error: parseError(xhr) });
        }
        return;
      }
      // SPEC §8: "The file client simply goes to login."
      if (xhr.status === 401) navigateTo(loginUrlWithReturn(currentPath()));
      resolve({ status: 'error', httpStatus: xhr.status, error: parseError(xhr) });
    };
    xhr.onerror = () =>
      resolve({
        status: 'error',
        httpStatus: 0,
        error: { code: 'internal', detail: 'network error' },
      });
    xhr.onabort = () =>
      resolve({
        status: 'error',
        httpStatus: 0,
        error: { code: 'internal', detail: 'aborted' },
      });
    // The server reads the fields in this order: projectId, kind, then the file.
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('kind', kind);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { mediaId, promise, abort: () => xhr.abort() };
}

/** The translation key and args for an upload error, like a 422 at the field. */
export function uploadErrorMessage(error: ApiError): {
  key: string;
  args: Record<string, unknown>;
} {
  const args: Record<string, unknown> = { ...(error.meta ?? {}) };
  if (Array.isArray(args.values)) args.values = args.values.join(', ');
  return { key: apiErrorKey(error.code), args };
}
