// The file a file input picked, checked against the kind's rules and the storage left before its
// upload starts, so a file the server would refuse is not sent at all.
import type { ChangeEvent } from 'react';
import { checkUpload, type MediaKind, type RemainingStorage } from '../../shared/media';
import { uploadErrorMessage } from '../providers/uploadMedia';

export type PickedFile =
  | { file: File; problem?: undefined }
  | { file?: undefined; problem: ReturnType<typeof uploadErrorMessage> }
  | null;

/**
 * The picked file, or why it cannot be uploaded (the message the server would give), or null when
 * nothing was picked. The input is cleared, so picking the same file again is seen again.
 */
export function takePickedFile(
  event: ChangeEvent<HTMLInputElement>,
  kind: MediaKind,
  remaining: RemainingStorage,
): PickedFile {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  const problem = checkUpload(kind, file.name, file.size, remaining);
  return problem ? { problem: uploadErrorMessage({ ...problem, detail: '' }) } : { file };
}
