// Judges an upload by its bytes (magic numbers), not by the name the browser sent.
import fsp from 'node:fs/promises';
import { MEDIA_RULES, extensionOf, type MediaKind } from '../../shared/media.js';

/** Extensions file-type reports for the formats we accept, by the extension a user writes. */
const DETECTED_AS: Record<string, readonly string[]> = {
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  jfif: ['jpg'],
  pjpeg: ['jpg'],
  pjp: ['jpg'],
  ico: ['ico'],
  cur: ['cur', 'ico'],
  aac: ['aac', 'm4a'],
  flac: ['flac'],
  mp3: ['mp3'],
  wav: ['wav'],
  webm: ['webm'],
};

export type ContentCheck = { ok: true; mimeType: string } | { ok: false };

async function looksLikeSvg(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    const head = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
  } finally {
    await handle.close();
  }
}

/**
 * Whether the stored bytes really are what the name claims and the kind allows. Any file
 * (kind 'file') passes and gets the detected type, or application/octet-stream.
 */
export async function checkContent(
  kind: MediaKind,
  fileName: string,
  file: string,
): Promise<ContentCheck> {
  // file-type and its tokenizers load with the first upload, not with every server start.
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file);
  const rule = MEDIA_RULES[kind];
  if (!rule.extensions) return { ok: true, mimeType: detected?.mime ?? 'application/octet-stream' };

  const claimed = extensionOf(fileName);
  if (claimed === 'svg') {
    const textual = !detected || detected.ext === 'xml' || detected.ext === 'svg';
    return textual && (await looksLikeSvg(file))
      ? { ok: true, mimeType: 'image/svg+xml' }
      : { ok: false };
  }
  const accepted = DETECTED_AS[claimed] ?? [];
  if (!detected || !accepted.includes(detected.ext)) return { ok: false };
  return { ok: true, mimeType: detected.mime };
}
