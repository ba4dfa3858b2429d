// Uploads one file through the file API (POST /file/{mediaId}, docs/api-content.md) with progress.
// XHR rather than fetch: fetch reports no upload progress.
import { ulid } from 'ulidx';
import { API_BASE, UNLIMITED } from '../../shared/constants';
import { apiErrorKey, isApiErrorBody } from '../../shared/errors';
import { checkUpload, type MediaKind } from '../../shared/media';
import { navigateTo } from '../navigation';

export interface UploadedMedia {
  id: string;
  name: string;
  kind: MediaKind;
  mimeType: string;
  size: number;
  versions: { original: string };
}

/** A failed upload: a translation key (errors.api.*) with its arguments. */
export class UploadError extends Error {
  constructor(
    readonly key: string,
    readonly args: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

function argsOf(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  const args = { ...(meta ?? {}) };
  if (Array.isArray(args.values)) args.values = args.values.join(', ');
  return args;
}

export function uploadMedia(
  file: File,
  {
    projectId,
    kind,
    onProgress,
  }: {
    projectId: string;
    kind: MediaKind;
    onProgress?: (fraction: number) => void;
  },
): Promise<UploadedMedia> {
  // The browser checks type and size first; the server checks again, and storage.
  const problem = checkUpload(kind, file.name, file.size, {
    project: UNLIMITED,
    customer: UNLIMITED,
  });
  if (problem)
    return Promise.reject(new UploadError(apiErrorKey(problem.code), argsOf(problem.meta)));

  const mediaId = ulid();
  const body = new FormData();
  // The API reads the fields in this order: projectId, kind, then the file.
  body.append('projectId', projectId);
  body.append('kind', kind);
  body.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/file/${mediaId}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Client-Type', 'dashboard');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new UploadError('app.notification.network_error'));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        json &&
        typeof json === 'object' &&
        'data' in json
      ) {
        resolve((json as { data: UploadedMedia }).data);
        return;
      }
      if (xhr.status === 401) {
        navigateTo('/login');
      }
      const first = isApiErrorBody(json) ? json.errors[0] : undefined;
      reject(
        first
          ? new UploadError(apiErrorKey(first.code), argsOf(first.meta))
          : new UploadError('errors.api.file_type_not_supported'),
      );
    };
    xhr.send(body);
  });
}
