// Shared setup for the project-content API tests: the real app with its media folder in a
// temporary directory, logged-in cookies for each demo account, and multipart bodies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ulid } from 'ulidx';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, call, DEMO, login, type TestApp } from '../../../helpers/testApp.js';

export type Account = keyof typeof DEMO;

export interface ContentTestApp extends TestApp {
  cookies: Record<Account, string>;
  dataDir: string;
}

export async function buildContentApp(): Promise<ContentTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrhub-content-'));
  const t = await buildTestApp({ config: { dataDir } });
  const cookies = {} as Record<Account, string>;
  for (const account of Object.keys(DEMO) as Account[]) {
    cookies[account] = await login(t.app, DEMO[account]);
  }
  return {
    ...t,
    cookies,
    dataDir,
    close: async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body in the order given (the file API wants fields before the file). */
export function multipart(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----qrhub${ulid()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const WAV = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WAVEfmt '),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xac, 0, 0, 0x88, 0x58, 1, 0, 2, 0, 16, 0]),
  Buffer.from('data'),
  Buffer.from([0, 0, 0, 0]),
]);

export interface UploadOptions {
  cookie: string;
  projectId: string;
  kind: string;
  filename: string;
  content: Buffer | string;
  mediaId?: string;
}

export function upload(t: TestApp, options: UploadOptions): Promise<LightMyRequestResponse> {
  const { body, headers } = multipart([
    { name: 'projectId', value: options.projectId },
    { name: 'kind', value: options.kind },
    { name: 'file', filename: options.filename, content: options.content },
  ]);
  return call(t.app, 'POST', `/api/file/${options.mediaId ?? ulid()}`, {
    cookie: options.cookie,
    body,
    headers,
  });
}

/** Uploads and answers the new media id (throws when the upload fails). */
export async function uploadOk(t: TestApp, options: UploadOptions): Promise<string> {
  const response = await upload(t, options);
  if (response.statusCode !== 201) {
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().data.id as string;
}

/** The first error of a 422 body. */
export function firstError(response: LightMyRequestResponse) {
  return response.json().errors[0] as {
    code: string;
    detail: string;
    source?: { pointer: string };
    meta?: Record<string, unknown>;
  };
}
