// Upload rules of SPEC §5 and §9, checked in the browser before upload and on the server after
// reading the real content.
import { BYTES_PER_KB, SIZE_LIMITS_KB, UPLOAD_CAP_BYTES, UNLIMITED } from './constants.js';
import type { ApiErrorCode, ApiErrorMeta } from './errors.js';

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const AVATAR_EXTENSIONS = [
  'ico',
  'cur',
  'jpg',
  'jpeg',
  'jfif',
  'pjpeg',
  'pjp',
  'png',
  'svg',
] as const;
export const SOUND_EXTENSIONS = ['aac', 'flac', 'mp3', 'wav', 'webm'] as const;

export const MEDIA_KINDS = ['file', 'sound', 'cover', 'avatar', 'logo', 'image'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

interface MediaRule {
  /** Allowed extensions; null: any file. */
  extensions: readonly string[] | null;
  maxKb: number;
}

export const MEDIA_RULES: Record<MediaKind, MediaRule> = {
  file: { extensions: null, maxKb: SIZE_LIMITS_KB.file },
  sound: { extensions: SOUND_EXTENSIONS, maxKb: SIZE_LIMITS_KB.sound },
  cover: { extensions: AVATAR_EXTENSIONS, maxKb: SIZE_LIMITS_KB.cover },
  avatar: { extensions: AVATAR_EXTENSIONS, maxKb: SIZE_LIMITS_KB.avatar },
  logo: { extensions: AVATAR_EXTENSIONS, maxKb: SIZE_LIMITS_KB.logo },
  image: { extensions: IMAGE_EXTENSIONS, maxKb: UPLOAD_CAP_BYTES / BYTES_PER_KB },
};

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Remaining storage in bytes; -1 where unlimited. */
export interface RemainingStorage {
  project: number;
  customer: number;
}

export function remainingBytes(used: number, total: number): number {
  return total === UNLIMITED ? UNLIMITED : Math.max(0, total - used);
}

export type UploadProblem = { code: ApiErrorCode; meta?: ApiErrorMeta } | null;

/** The first rule an upload breaks, in the order a user can fix them: type, size, storage. */
export function checkUpload(
  kind: MediaKind,
  fileName: string,
  sizeBytes: number,
  remaining: RemainingStorage,
): UploadProblem {
  const rule = MEDIA_RULES[kind];
  if (rule.extensions && !rule.extensions.includes(extensionOf(fileName))) {
    return { code: 'mimes', meta: { values: rule.extensions } };
  }
  if (sizeBytes > rule.maxKb * BYTES_PER_KB || sizeBytes > UPLOAD_CAP_BYTES) {
    return { code: 'size', meta: { max: rule.maxKb } };
  }
  if (remaining.project !== UNLIMITED && sizeBytes > remaining.project) {
    return { code: 'size_project', meta: { max: Math.floor(remaining.project / BYTES_PER_KB) } };
  }
  if (remaining.customer !== UNLIMITED && sizeBytes > remaining.customer) {
    return { code: 'size_customer', meta: { max: Math.floor(remaining.customer / BYTES_PER_KB) } };
  }
  return null;
}
